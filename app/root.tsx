import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { Breadcrumb } from "~/components/Breadcrumb";
import { ErrorScreen, GeneralErrorBoundary } from "~/components/ErrorScreen";
import { NavigationProgress } from "~/components/NavigationProgress";
import { BackForwardRefresh } from "~/components/BackForwardRefresh";
import { FlashNotification, Notifications } from "~/components/Notifications";
import { SiteFooter } from "~/components/SiteFooter";
import { SiteHeader } from "~/components/SiteHeader";
import { portfolio } from "~/content/portfolio";
import { pageMeta, siteMetaFor } from "~/lib/meta";
import { readTheme } from "~/.server/site/theme.server";
import { takeToast } from "~/.server/http/toast.server";
import { siteInfo } from "~/.server/site/public-origin.server";
import { commerceMiddleware, commerceOf } from "~/.server/wix/commerce.server";
import { isOwner } from "~/.server/admin/owner.server";
import { requestInfoContext } from "~/.server/http/request-info.server";
import { useNonce } from "~/hooks/nonce";
import { SiteStyles } from "~/components/SiteStyles";
import { RouteStyles } from "~/components/RouteStyles";
import { clientHintCheckScript } from "~/lib/client-hints";
import { HoneypotProvider } from "remix-utils/honeypot/react";
import { honeypotInputProps } from "~/.server/http/honeypot.server";
import { getConfig } from "~/.server/site/config.server";
import { newFormKey } from "~/.server/http/form-key.server";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.ico", sizes: "32x32" }];

export const middleware: Route.MiddlewareFunction[] = [commerceMiddleware];

export const handle = { breadcrumb: () => ({ label: "Accueil", to: "/" }) };

export async function loader({ request, context }: Route.LoaderArgs) {
  const commerce = commerceOf(context);
  const { toast, headers } = await takeToast(request);
  // The header count, kept in the session (no call); never takes the whole page down: unknown (null) when it fails.
  const cart = await commerce.cart.headerCount();
  const { theme, chosen: themeChosen } = await readTheme(request);
  return data(
    {
      site: siteInfo(),
      theme,
      themeChosen,
      toast,
      member: commerce.isMember,
      // Only the owner's header links the back-office; a failed check hides the link, never the page.
      owner: await isOwner(commerce).catch(() => false),
      cart,
      demoPlatform: getConfig().commerce.platform === "embedded",
      requestId: context.get(requestInfoContext).requestId,
      honeypot: await honeypotInputProps(),
      // A fresh key per render for the forms that change something (app/components/FormKey.tsx): the same form
      // posted twice from this render is answered once (server/idempotency.ts).
      formKey: newFormKey(),
    },
    { headers },
  );
}

export const meta: Route.MetaFunction = ({ loaderData, location, error }) => {
  if (error) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return [{ title: notFound ? "Page Introuvable" : "Something Went Wrong" }, { name: "robots", content: "noindex" }];
  }
  return pageMeta(siteMetaFor(loaderData?.site, location.pathname));
};

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const site = root?.site;
  const nonce = useNonce();
  return (
    <html lang="fr" data-theme={root?.theme ?? "auto"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* First in head, before any paint: follow the system's colour scheme unless the visitor chose one. */}
        {root && !root.themeChosen ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: clientHintCheckScript() }} /> : null}
        <Meta />
        <SiteStyles />
        <RouteStyles />
        <Links />
        {/* The footer waits hidden for its fade-in only when scripts run. */}
        <noscript>
          <style>{".footer-pending{opacity:1!important;animation:none!important}"}</style>
        </noscript>
      </head>
      <body>
        <HoneypotProvider {...root?.honeypot}>
          <NavigationProgress />
          <BackForwardRefresh />
          <a className="skip-link" href="#main">
            Aller au contenu
          </a>
          <SiteHeader
            ownerName={site?.ownerName ?? ""}
            jobTitle={portfolio.jobTitle}
            profilePicture={site?.profilePicture}
            theme={root?.theme ?? "auto"}
            member={root?.member ?? false}
            owner={root?.owner ?? false}
            cart={root?.cart ?? null}
          />
          <main id="main" className="site-main">
            <FlashNotification flash={root?.toast ?? null} />
            <Breadcrumb origin={site?.origin} />
            {children}
          </main>
          <SiteFooter ownerName={site?.ownerName ?? ""} />
          <Notifications />
        </HoneypotProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const requestId = useRouteLoaderData<typeof loader>("root")?.requestId;
  return (
    <GeneralErrorBoundary
      error={error}
      requestId={requestId}
      statusHandlers={{ 404: () => <ErrorScreen title="Page Introuvable" message="" /> }}
    />
  );
}
