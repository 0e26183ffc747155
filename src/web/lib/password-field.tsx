// The one module that may draw Mantine's PasswordInput (biome.json, noRestrictedImports).
import { PasswordInput, type PasswordInputProps } from "@mantine/core";
import { useState } from "react";

export const SHOW_PASSWORD = "Mostrar senha";
export const HIDE_PASSWORD = "Ocultar senha";

export type PasswordFieldProps = Omit<
  PasswordInputProps,
  "visible" | "defaultVisible" | "onVisibilityChange" | "visibilityToggleFocusable" | "visibilityToggleButtonProps"
>;

/**
 * Every password the app asks for. Mantine leaves the show/hide button out of the Tab order
 * (`tabIndex=-1`) and names it in English; here it is reached with Tab, toggled with Enter or
 * Space (Mantine's own key handling) and named for what it will do. The name says the state, so
 * Mantine's `aria-pressed` is dropped: "Ocultar senha, pressionado" would say it twice.
 */
export function PasswordField(props: PasswordFieldProps) {
  const [isVisible, setVisible] = useState(false);
  return (
    <PasswordInput
      {...props}
      visible={isVisible}
      onVisibilityChange={setVisible}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{
        "aria-label": isVisible ? HIDE_PASSWORD : SHOW_PASSWORD,
        "aria-pressed": undefined,
      }}
    />
  );
}
