import { common } from "./common.ts";

/** One namespace per feature; each feature adds its own file here. */
export const ptBR = { common } as const;
