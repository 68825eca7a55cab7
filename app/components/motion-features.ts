import { domAnimation } from "motion/react";

// Loaded on demand by the footer: the animation code stays out of the first JavaScript a page needs.
export default domAnimation;
