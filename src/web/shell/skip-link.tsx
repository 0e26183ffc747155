import { Button } from "@mantine/core";
import { useState } from "react";

export const MAIN_CONTENT_ID = "conteudo";

/** The first Tab stop of the app: off-screen until focused, then a visible button that jumps past the menus. */
export function SkipLink() {
  const [focused, setFocused] = useState(false);
  return (
    <Button
      component="a"
      href={`#${MAIN_CONTENT_ID}`}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
      style={{
        position: "fixed",
        top: 8,
        left: focused ? 8 : -10_000,
        zIndex: 1000,
      }}
    >
      Pular para o conteúdo
    </Button>
  );
}
