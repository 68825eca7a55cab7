import { data, Form } from "react-router";
import type { Route } from "./+types/account.callback";
import { commerceOf } from "~/.server/wix/commerce.server";
import { CALLBACK_MESSAGES, finishLogin } from "~/.server/account/auth.server";
import { routeMeta } from "~/lib/meta";
import { FormKey } from "~/components/FormKey";

export const meta: Route.MetaFunction = ({ matches, location }) => routeMeta({ matches, location }, { title: "Connexion" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const result = await finishLogin(request, commerceOf(context));
  if (result instanceof Response) return result;
  return data({ message: CALLBACK_MESSAGES[result.problem], returnTo: result.returnTo }, { status: 400, headers: result.headers });
}

export default function LoginCallback({ loaderData }: Route.ComponentProps) {
  return (
    <section className="narrow" aria-labelledby="login-problem">
      <h1 id="login-problem">Connexion impossible</h1>
      <p className="form-error" role="alert">
        {loaderData.message}
      </p>
      <Form method="post" action="/account/login">
        <FormKey />
        <input type="hidden" name="returnTo" value={loaderData.returnTo} />
        <button type="submit">Se reconnecter</button>
      </Form>
    </section>
  );
}
