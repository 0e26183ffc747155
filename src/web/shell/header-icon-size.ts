import { useMatches } from "@mantine/core";

/**
 * The header's icon buttons: 28 px on a phone (still above the 24 px target minimum), 34 px from
 * sm. At 34 px, with the running timer beside them, they left the screen's title ~90 px ("Calen…").
 */
export const useHeaderIconSize = () => useMatches({ base: "md", sm: "lg" });

/** The gap between the header's right-hand controls: tighter on a phone, for the same reason. */
export const useHeaderGap = () => useMatches({ base: 4, sm: 10 });
