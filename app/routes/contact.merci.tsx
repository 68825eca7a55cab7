import { Link } from "react-router";
import type { Route } from "./+types/contact.merci";
import { routeMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...routeMeta({ matches, location }, { title: "Demande envoyée" }),
  // A thank-you page is no search result.
  { name: "robots", content: "noindex" },
];

export const handle = {
  breadcrumb: () => [
    { label: "Contact", to: "/contact" },
    { label: "Demande envoyée", to: "/contact/merci" },
  ],
};

export default function ContactThanks() {
  return (
    <div className="narrow">
      <h1>Demande envoyée</h1>
      <p>Merci ! Votre demande est bien arrivée ; un accusé de réception part à l'adresse e-mail indiquée.</p>
      <p>
        <Link to="/cv">Voir le CV</Link> · <Link to="/products">Découvrir la boutique</Link>
      </p>
    </div>
  );
}
