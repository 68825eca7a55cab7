import { Link } from "react-router";
import type { Route } from "./+types/account.pending";
import { routeMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  routeMeta({ matches, location }, { title: "Compte en attente de validation" });

export default function Pending() {
  return (
    <div className="narrow auth-page">
      <h1>Compte en attente de validation</h1>
      <p>
        Merci ! Votre compte a bien été créé. Le propriétaire du site doit maintenant le valider : vous recevrez un e-mail dès que ce sera
        fait, et vous pourrez alors vous connecter.
      </p>
      <p>
        <Link to="/products">Continuer mes achats</Link> · <Link to="/account/login">Se connecter</Link>
      </p>
    </div>
  );
}
