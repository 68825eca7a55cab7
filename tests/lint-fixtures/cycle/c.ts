import { start } from "./a";

export const c = () => start;
