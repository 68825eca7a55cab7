/**
 * An image as a page draws it: a `src` for browsers without `srcset`, the sizes the media service makes of it
 * (`srcSet`, in pixels) and the width it is drawn at in the layout (`sizes`), so the browser downloads the size it
 * shows. `width` and `height` give the box's ratio before the bytes arrive (no layout shift).
 */
export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  sizes?: string;
  width: number;
  height: number;
}
