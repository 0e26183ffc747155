import type { Caller } from "../projects/delivery-scope.ts";

/**
 * Who manages the team's hours on Tempo (decision 016): a role whose record scope there is "all"
 * (agency and project managers, admins) opens anyone's week and approves it. A team role sees only
 * its own time (issue 17 §6), so owning a project does not make it the approver of its teammates'
 * hours, and nobody with scope "own" approves their own.
 */
export const managesTeamTime = (caller: Caller): boolean => caller.scope === "all";
