import type { ImgHTMLAttributes } from "react";
import type { ResponsiveImage } from "~/models/media";

/** An `<img>` for a ResponsiveImage: its sizes (srcset, sizes) and its box (width, height); the rest as given. */
export function ResponsiveImg({
  image,
  alt,
  ...rest
}: { image: ResponsiveImage; alt: string } & Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "sizes" | "width" | "height">) {
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      decoding="async"
      {...rest}
    />
  );
}
