import { Form, Link, NavLink, useLocation } from "react-router";
import { useOptimisticCartCount } from "~/hooks/use-cart-count";
import type { CartCountSource } from "~/models/cart-intents";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import type { Theme, ThemeAttribute } from "~/lib/theme";
import { FormKey } from "~/components/FormKey";
import { ResponsiveImg } from "~/components/ResponsiveImg";
import type { ResponsiveImage } from "~/models/media";

interface HeaderProps {
  ownerName: string;
  jobTitle: string;
  profilePicture: ResponsiveImage | undefined;
  theme: ThemeAttribute;
  member: boolean;
  /** The site's owner is signed in: the header links the back-office. */
  owner?: boolean;
  /** The cart's lines as the server last saw them; null when it could not tell (the count is then hidden). */
  cart: CartCountSource | null;
}

export function SiteHeader({ ownerName, jobTitle, profilePicture, theme, member, owner = false, cart }: HeaderProps) {
  const location = useLocation();
  const returnTo = location.pathname + location.search;
  const count = useOptimisticCartCount(cart);
  return (
    <header className="site-header">
      <div className="header-inner">
        <div className="identity">
          {profilePicture ? (
            // Low priority: React would otherwise preload it ahead of the page's own main image.
            <ResponsiveImg className="profile-picture" image={profilePicture} alt={`Photo de profil de ${ownerName}`} fetchPriority="low" />
          ) : null}
          <div>
            <Link to="/" className="logo" id="main-title">
              {ownerName.toLocaleUpperCase("fr-FR")}
            </Link>
            <p className="subtitle">
              <span className="subtitle-name">{ownerName}</span>
              <span aria-hidden="true"> · </span>
              <span className="subtitle-title">{jobTitle}</span>
            </p>
          </div>
        </div>
        <nav className="main-nav" aria-label="Navigation principale">
          <ul>
            <li>
              <NavLink to="/cv">CV</NavLink>
            </li>
            <li>
              <NavLink to="/realisations">Réalisations</NavLink>
            </li>
            <li>
              <NavLink to="/contact">Contact</NavLink>
            </li>
            <li>
              <NavLink to="/products">Boutique</NavLink>
            </li>
            <li>
              <NavLink to="/cart" aria-label={count === null ? "Panier" : `Panier, ${count} article${count > 1 ? "s" : ""}`}>
                Panier{count === null ? null : <span className="cart-count">{count}</span>}
              </NavLink>
            </li>
            {member ? (
              <>
                {owner ? (
                  <li>
                    <NavLink to="/admin">Administration</NavLink>
                  </li>
                ) : null}
                <li>
                  <NavLink to="/account">Mon compte</NavLink>
                </li>
                <li>
                  <Form method="post" action="/account/logout">
                    <FormKey />
                    <button type="submit" className="button-link">
                      Se déconnecter
                    </button>
                  </Form>
                </li>
              </>
            ) : (
              <li>
                <Form method="post" action="/account/login">
                  <FormKey />
                  <HoneypotInputs label="Ne pas remplir ce champ" />
                  <input type="hidden" name="returnTo" value={returnTo} />
                  <button type="submit" className="button-link">
                    Se connecter
                  </button>
                </Form>
              </li>
            )}
          </ul>
        </nav>
        {theme === "auto" ? (
          // The preference is the browser's: both buttons are in the page, site.css shows the one offering the other theme.
          <>
            <ThemeButton next="light" returnTo={returnTo} className="theme-when-dark" />
            <ThemeButton next="dark" returnTo={returnTo} className="theme-when-light" />
          </>
        ) : (
          <ThemeButton next={theme === "dark" ? "light" : "dark"} returnTo={returnTo} />
        )}
      </div>
    </header>
  );
}

/** The header's theme switch: a plain form, so it works without scripts. */
function ThemeButton({ next, returnTo, className }: { next: Theme; returnTo: string; className?: string }) {
  return (
    <Form method="post" action="/preferences/theme" className={className ? `theme-form ${className}` : "theme-form"}>
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button type="submit" className="button-ghost theme-button">
        <span className="theme-icon" aria-hidden="true">
          {next === "dark" ? "☾" : "☀"}
        </span>
        <span className="theme-label">{next === "dark" ? "Thème sombre" : "Thème clair"}</span>
      </button>
    </Form>
  );
}
