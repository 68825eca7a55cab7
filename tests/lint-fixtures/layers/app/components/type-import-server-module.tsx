// Probe: a component reaches an app/.server module through a type `import("…")`, which import rules do not see.
export type Probe = import("~/.server/commerce.server").Commerce;
