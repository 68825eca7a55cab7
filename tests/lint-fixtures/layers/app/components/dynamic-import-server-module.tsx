// Probe: a component loads an app/.server module with a dynamic `import()`.
export const probe = () => import("~/.server/config.server");
