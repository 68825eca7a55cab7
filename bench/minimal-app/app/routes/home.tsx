// One static route, no loader: the cheapest page React Router 7 can render.
export function meta() {
  return [{ title: "Accueil" }, { name: "description", content: "Page statique de référence." }];
}

export default function Home() {
  return (
    <main>
      <h1>Bonjour</h1>
      <p>Page statique servie par une application React Router 7 minimale.</p>
    </main>
  );
}
