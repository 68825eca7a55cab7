import { Link } from "react-router";
import type { SavedAddress } from "~/models/address";

/**
 * A member's other saved addresses at the checkout: each is a link that fills the address fields with it (the page
 * again with `?adresse=<id>`: no JavaScript needed). The one in the fields is marked as such.
 */
export function SavedAddressPicker({ addresses, current }: { addresses: SavedAddress[]; current: string | undefined }) {
  return (
    <nav className="saved-addresses" aria-label="Vos adresses enregistrées">
      <p className="hint">Vos adresses enregistrées :</p>
      <ul>
        {addresses.map((a) => {
          const text = `${a.addressLine}, ${a.postalCode} ${a.city}`;
          return (
            <li key={a.id}>
              {a.id === current ? (
                <span aria-current="true">{text} (dans le formulaire)</span>
              ) : (
                <Link to={`/checkout?adresse=${encodeURIComponent(a.id)}`} replace preventScrollReset>
                  Utiliser : {text}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
