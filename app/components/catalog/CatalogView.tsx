import { useEffect, useState } from "react";
import { Form, Link, useFetcher, useLocation, useNavigation, useSubmit } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { SORT_OPTIONS, type CatalogPageData } from "~/models/catalog";
import { EAGER_IMAGES, ProductCard } from "./ProductCard";
import { Pagination } from "./Pagination";

/**
 * The product list shared by /products and /collections/:slug: search, sort,
 * category links, cards and page links, all plain GET links and forms.
 */
export function CatalogView({ data, title, intro }: { data: CatalogPageData; title: string; intro?: string }) {
  const location = useLocation();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const { products, total, page, pageCount, q } = data;
  return (
    <div className="catalog">
      <header className="catalog-header">
        <h1>{title}</h1>
        {intro ? <p className="catalog-intro">{intro}</p> : null}
      </header>

      <CategoryNav data={data} />

      <div className="catalog-toolbar">
        <SearchForm data={data} />
        <SortForm data={data} />
      </div>

      <p className="catalog-count" role="status">
        {q
          ? `${total} résultat${total > 1 ? "s" : ""} pour « ${q} »`
          : `${total} produit${total > 1 ? "s" : ""}${pageCount > 1 ? ` · page ${page} sur ${pageCount}` : ""}`}
      </p>

      {products.length === 0 ? (
        <div className="catalog-empty">
          <p>{q ? `Aucun produit ne correspond à « ${q} ».` : "Aucun produit dans cette catégorie pour le moment."}</p>
          <p>
            <Link to="/products" className="button">
              Voir tout le catalogue
            </Link>
          </p>
        </div>
      ) : (
        <ul className="product-grid" aria-busy={loading || undefined}>
          {products.map((product, index) => (
            <ProductCard key={product.id} product={product} eager={index < EAGER_IMAGES} />
          ))}
        </ul>
      )}

      <Pagination page={page} pageCount={pageCount} pathname={location.pathname} search={location.search} />
    </div>
  );
}

function CategoryNav({ data }: { data: CatalogPageData }) {
  const current = data.collection?.slug;
  return (
    <nav className="category-nav" aria-label="Catégories">
      <ul>
        <li>
          <Link to="/products" aria-current={current === undefined ? "page" : undefined}>
            Tous les produits
          </Link>
        </li>
        {data.collections.map((c) => (
          <li key={c.id}>
            <Link to={`/collections/${c.slug}`} aria-current={c.slug === current ? "page" : undefined}>
              {c.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A plain GET form to /products (the whole catalog, whatever the page); with
 * scripts, names are suggested as the buyer types (a native datalist filled from
 * /search/suggestions), picking one searches for it.
 */
function SearchForm({ data }: { data: CatalogPageData }) {
  const suggestions = useFetcher<{ names: string[] }>({ key: "search-suggestions" });
  const names = suggestions.data?.names ?? [];
  return (
    <Form method="get" action="/products" role="search" className="catalog-search">
      <label htmlFor="catalog-q">Rechercher</label>
      <div className="inline-field">
        <input
          id="catalog-q"
          type="search"
          name="q"
          defaultValue={data.q}
          key={data.q}
          maxLength={100}
          placeholder="Nom, thème, marque…"
          autoComplete="off"
          list="catalog-q-suggestions"
          onChange={(event) => {
            const value = event.currentTarget.value.trim();
            if (value.length >= 2) suggestions.load(`/search/suggestions?q=${encodeURIComponent(value)}`);
          }}
        />
        <datalist id="catalog-q-suggestions">
          {names.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        {data.sort !== "pertinence" ? <input type="hidden" name="sort" value={data.sort} /> : null}
        <button type="submit">Rechercher</button>
      </div>
    </Form>
  );
}

function SortForm({ data }: { data: CatalogPageData }) {
  const location = useLocation();
  const submit = useSubmit();
  const hydrated = useHydrated();
  // Controlled and synced with the URL: a remount (key) would drop keyboard focus after each auto-submit.
  const [sort, setSort] = useState<string>(data.sort);
  useEffect(() => setSort(data.sort), [data.sort]);
  return (
    <Form
      method="get"
      action={location.pathname}
      className="catalog-sort"
      // With scripts the list re-sorts as soon as the choice changes; without, "Trier" submits.
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
    >
      <label htmlFor="catalog-sort">Trier par</label>
      <div className="inline-field">
        {data.q ? <input type="hidden" name="q" value={data.q} /> : null}
        <select id="catalog-sort" name="sort" value={sort} onChange={(event) => setSort(event.currentTarget.value)}>
          {SORT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <button type="submit" className={hydrated ? "visually-hidden" : undefined} tabIndex={hydrated ? -1 : undefined}>
          Trier
        </button>
      </div>
    </Form>
  );
}
