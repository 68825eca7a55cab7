import { Link, useLocation } from "react-router";
import type { ImageView } from "~/models/catalog";

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
export function ProductGallery({ images, index, name }: { images: ImageView[]; index: number; name: string }) {
  const { search } = useLocation();
  const main = images[index];
  if (!main) return <div className="gallery gallery-empty" aria-hidden="true" />;
  return (
    <div className="gallery">
      <div className="gallery-main">
        <img src={main.url} alt={main.alt} width={main.width} height={main.height} decoding="async" fetchPriority="high" />
      </div>
      {images.length > 1 ? (
        <ul className="gallery-thumbs" aria-label={`Images de ${name}`}>
          {images.map((image, i) => (
            <li key={image.url}>
              <Link
                to={imageHref(search, i + 1)}
                replace
                preventScrollReset
                aria-current={i === index ? "true" : undefined}
                aria-label={`Afficher l'image ${i + 1} sur ${images.length}`}
              >
                <img
                  src={image.url}
                  alt=""
                  width={72}
                  height={Math.round((72 * image.height) / image.width) || 72}
                  loading="lazy"
                  decoding="async"
                />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
