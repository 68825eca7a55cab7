import { preload } from "react-dom";
import { Link, useLocation } from "react-router";
import type { GalleryImage } from "~/models/catalog";
import { ResponsiveImg } from "~/components/ResponsiveImg";

/** The gallery URL for image `n` (1-based), keeping the chosen options. */
function imageHref(search: string, n: number): string {
  const params = new URLSearchParams(search);
  if (n <= 1) params.delete("image");
  else params.set("image", String(n));
  const query = params.toString();
  return query ? `?${query}` : "?";
}

/**
 * Main image plus thumbnails. Thumbnails are links (`?image=2`), so the
 * gallery works without scripts; with them the switch is a client navigation
 * that keeps the scroll position and does not pile up history entries.
 */
export function ProductGallery({ images, index, name }: { images: GalleryImage[]; index: number; name: string }) {
  const { search } = useLocation();
  const main = images[index];
  if (!main) return <div className="gallery gallery-empty" aria-hidden="true" />;
  // The main image is the page's LCP element: React puts this preload in the head, at the size the layout draws.
  preload(main.src, { as: "image", fetchPriority: "high", ...(main.srcSet ? { imageSrcSet: main.srcSet, imageSizes: main.sizes } : {}) });
  return (
    <div className="gallery">
      <div className="gallery-main">
        <ResponsiveImg image={main} alt={main.alt} fetchPriority="high" />
      </div>
      {images.length > 1 ? (
        <ul className="gallery-thumbs" aria-label={`Images de ${name}`}>
          {images.map((image, i) => (
            <li key={image.src}>
              <Link
                to={imageHref(search, i + 1)}
                replace
                preventScrollReset
                aria-current={i === index ? "true" : undefined}
                aria-label={`Afficher l'image ${i + 1} sur ${images.length}`}
              >
                <ResponsiveImg image={image.thumb} alt="" loading="lazy" />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
