import { Form, Link, useLocation } from "react-router";
import type { Theme } from "~/lib/theme";

export interface HeaderProps {
  ownerName: string;
  jobTitle: string;
  profilePicture: string;
  theme: Theme;
}

export function SiteHeader({ ownerName, jobTitle, profilePicture, theme }: HeaderProps) {
  const location = useLocation();
  const nextTheme: Theme = theme === "dark" ? "light" : "dark";
  return (
    <header className="site-header">
      <div className="header-inner">
        <div className="identity">
          <img className="profile-picture" src={profilePicture} alt={`Photo de profil de ${ownerName}`} width={56} height={56} />
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
          <ul></ul>
        </nav>
        <Form method="post" action="/preferences/theme" className="theme-form">
          <input type="hidden" name="theme" value={nextTheme} />
          <input type="hidden" name="returnTo" value={location.pathname + location.search} />
          <button type="submit" className="button-ghost">
            {nextTheme === "dark" ? "Thème sombre" : "Thème clair"}
          </button>
        </Form>
      </div>
    </header>
  );
}
