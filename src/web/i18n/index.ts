import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { ptBR } from "./pt-BR/index.ts";

/** pt-BR is complete; en-US and es-ES can be added beside it with the same keys. */
export function initI18n(): void {
  void i18next.use(initReactI18next).init({
    lng: "pt-BR",
    fallbackLng: "pt-BR",
    resources: { "pt-BR": ptBR },
    defaultNS: "common",
    interpolation: { escapeValue: false },
  });
}
