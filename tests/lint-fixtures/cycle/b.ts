import { c } from "./c";

export const b = () => c() + 1;
