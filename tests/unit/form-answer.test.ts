import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Route as LoginRoute } from "../../app/routes/+types/account.login";
import type { Route as CheckoutRoute } from "../../app/routes/+types/checkout";
import type { Route as AdminOrderRoute } from "../../app/routes/+types/admin.orders.$id";
import { registerMember } from "~/.server/account/auth.server";
import type { Commerce } from "~/.server/wix/commerce.server";
import { parseForm, refuseForm, refuseWith } from "~/.server/http/form.server";
import type { CheckoutField } from "~/models/checkout-forms";
import { fieldProps, formAnswerOf, type AnswerField, type FormAnswer } from "~/models/form-answer";
import type { OrderFormAnswer } from "~/models/order-life";
import { formData } from "../support/forms";

/** One form answer (docs/decisions/0022-form-answer-contract.md), built by one server helper, read typed by field name. */

describe("the form answer's types follow the form's fields", () => {
  it("a page reads only the fields its action can answer about (checked by the typecheck of npm run lint)", () => {
    type LoginField = AnswerField<LoginRoute.ComponentProps["actionData"]>;
    type CheckoutPageField = AnswerField<CheckoutRoute.ComponentProps["actionData"]>;
    const login: LoginField[] = ["email", "password"];
    // @ts-expect-error the login form has no "emial" field: a renamed or mistyped field does not compile
    const typo: LoginField = "emial";
    const checkout: CheckoutPageField[] = ["email", "postalCode", "billingCity", "company", "vatNumber"];
    // @ts-expect-error the checkout's address field is "postalCode"
    const renamed: CheckoutPageField = "zip";
    const answer: FormAnswer<CheckoutField> = { fieldErrors: { city: "Ville est obligatoire." }, values: { city: "" } };
    // @ts-expect-error fieldProps only binds the answer's own fields
    fieldProps(answer, "zip");
    expect([login, checkout, typo, renamed]).toHaveLength(4);
    expect(fieldProps(answer, "city")).toEqual({ name: "city", defaultValue: "", error: "Ville est obligatoire." });
  });

  it("the owner's order forms: each form's refusal names only its own fields (app/models/order-life.ts)", () => {
    type OrderPageAnswer = AdminOrderRoute.ComponentProps["actionData"];
    type RefundField = AnswerField<Extract<OrderPageAnswer, { intent: "refund" }>>;
    type ShipField = AnswerField<Extract<OrderPageAnswer, { intent: "ship" }>>;
    const refund: RefundField[] = ["lines", "reason", "message", "restock", "qty-line-1"];
    // @ts-expect-error the refund form's field is "reason"
    const renamed: RefundField = "motif";
    const ship: ShipField[] = ["carrier", "trackingNumber", "ship-line-1"];
    // @ts-expect-error a refund's quantity is not a field of the shipping form
    const crossed: ShipField = "qty-line-1";
    const note: OrderFormAnswer = { intent: "note", fieldErrors: { message: "Écrivez une note." }, values: { message: "" } };
    // @ts-expect-error the note form has one field, "message"
    const other: OrderFormAnswer = { intent: "note", fieldErrors: { reason: "?" }, values: {} };
    expect([refund, renamed, ship, crossed, other]).toHaveLength(5);
    expect(fieldProps(note.intent === "note" ? note : undefined, "message").error).toBe("Écrivez une note.");
  });
});

describe("refuseForm, the one builder of the 400 answer", () => {
  it("answers 400 with the errors, the form error and what was typed", () => {
    const refused = refuseForm({ values: { city: "Pa" }, fieldErrors: { city: "Trop court." }, formError: "Vérifiez le formulaire." });
    expect(refused.init?.status).toBe(400);
    expect(refused.data).toEqual({ fieldErrors: { city: "Trop court." }, formError: "Vérifiez le formulaire.", values: { city: "Pa" } });
  });

  it("never sends a password back, the confirmation included", async () => {
    const typed = { firstName: "Inès", lastName: "Garnier", email: "ines@exemple.fr", password: "secret-123", confirm: "secret-124" };
    const answer = await registerMember(new Request("http://localhost/account/register"), {} as Commerce, formData(typed));
    const body = (answer as { data: FormAnswer }).data;
    expect(body.fieldErrors).toEqual({ confirm: "Les deux mots de passe ne sont pas identiques." });
    expect(body.values).toEqual({ firstName: "Inès", lastName: "Garnier", email: "ines@exemple.fr" });
  });

  it("carries which of a page's forms answered", () => {
    expect(refuseForm({ values: {} }, { intent: "address" }).data).toEqual({ intent: "address", fieldErrors: {}, values: {} });
  });

  it("refuseWith: the server's refusal beside the field it names, or for the whole form, the typed values kept", () => {
    const values = { newEmail: "lea@exemple.fr", currentPassword: "secret-123" };
    const beside = refuseWith(values, { field: "newEmail" as const, message: "C'est déjà votre adresse." }, { intent: "email" });
    expect(beside.init?.status).toBe(400);
    expect(beside.data).toEqual({
      intent: "email",
      fieldErrors: { newEmail: "C'est déjà votre adresse." },
      values: { newEmail: "lea@exemple.fr" },
    });
    const whole = refuseWith(values, { field: null, message: "Réessayez dans quelques minutes." });
    expect(whole.data).toEqual({ fieldErrors: {}, formError: "Réessayez dans quelques minutes.", values: { newEmail: "lea@exemple.fr" } });
  });
});

describe("parseForm and formAnswerOf", () => {
  it("an issue about the whole form is the answer's form error, not a field named 'form'", () => {
    const schema = z.object({ a: z.string(), b: z.string() }).refine((v) => v.a !== v.b, "Les deux valeurs doivent différer.");
    const parsed = parseForm(schema, formData({ a: "x", b: "x" }));
    expect(parsed.ok ? null : { fieldErrors: parsed.fieldErrors, formError: parsed.formError }).toEqual({
      fieldErrors: {},
      formError: "Les deux valeurs doivent différer.",
    });
  });

  it("reads a form answer out of an action's answers, and nothing else", () => {
    expect(formAnswerOf({ fieldErrors: {}, values: { q: "1" } })).toEqual({ fieldErrors: {}, values: { q: "1" } });
    expect(formAnswerOf({ confirm: { question: "?", fields: {} } })).toBeUndefined();
    expect(formAnswerOf(undefined)).toBeUndefined();
  });
});
