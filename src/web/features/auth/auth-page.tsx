import { Box, Paper, SimpleGrid, Stack, Tabs, Text, Title } from "@mantine/core";
import { useState } from "react";
import { RedirectSignedIn } from "../../shell/guards.tsx";
import { BrandMark, BrandPanel } from "./brand-panel.tsx";
import { SignInForm } from "./sign-in-form.tsx";
import { SignUpForm } from "./sign-up-form.tsx";
import { useAfterSignInPath } from "./use-enter-app.ts";

type Tab = "entrar" | "cadastrar";

const HEADINGS: Record<Tab, { title: string; text: string }> = {
  entrar: { title: "Bem-vindo de volta", text: "Entre com seu email e senha para acessar sua agência." },
  cadastrar: { title: "Crie sua conta", text: "Leva menos de um minuto. Você escolhe sua função na agência." },
};

/** Login and sign-up (spec §2.5); a signed-in visitor goes straight to the app. */
export default function AuthPage() {
  const [tab, setTab] = useState<Tab>("entrar");
  return (
    <RedirectSignedIn loadingLabel="Carregando..." to={useAfterSignInPath()}>
      <SimpleGrid component="main" cols={{ base: 1, md: 2 }} spacing={0} mih="100vh">
        <BrandPanel />
        <Box bg="gray.0" px={{ base: "md", sm: "xl" }} py={{ base: 32, sm: 56 }}>
          <Stack maw={460} mx="auto" gap="lg" justify="center" mih="100%">
            <Box hiddenFrom="md">
              <BrandMark />
            </Box>
            <div>
              <Title order={1} fz={28}>
                {HEADINGS[tab].title}
              </Title>
              <Text c="dimmed" mt={4}>
                {HEADINGS[tab].text}
              </Text>
            </div>
            <Paper withBorder shadow="sm" radius="lg" p={{ base: "lg", sm: "xl" }}>
              <Tabs value={tab} onChange={(value) => setTab((value as Tab) ?? "entrar")}>
                <Tabs.List grow mb="lg">
                  <Tabs.Tab value="entrar">Entrar</Tabs.Tab>
                  <Tabs.Tab value="cadastrar">Cadastrar</Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="entrar">
                  <SignInForm />
                </Tabs.Panel>
                <Tabs.Panel value="cadastrar">
                  <SignUpForm />
                </Tabs.Panel>
              </Tabs>
            </Paper>
          </Stack>
        </Box>
      </SimpleGrid>
    </RedirectSignedIn>
  );
}
