import { Alert, Anchor, Card, Center, Grid, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { Link, useParams } from "react-router";
import { formatDocument } from "#domain/crm/documents.ts";
import { formatCents } from "#domain/crm/money.ts";
import { formatPhone } from "#domain/crm/phone.ts";
import { SectionAccess } from "#web/features/sections/section-access.tsx";
import { useCurrentScreen } from "#web/shell/current-screen.ts";
import { RecordTimeline } from "./record-timeline.tsx";
import { useCompany, useRecordDeals } from "./use-crm.ts";

/** A company's page: its fields, its deals and its timeline. */
export default function CompanyDetailPage() {
  const screen = useCurrentScreen();
  const { id = "" } = useParams();
  const company = useCompany(id);
  const deals = useRecordDeals({ companyId: id });
  return (
    <SectionAccess screen={screen}>
      {company.isPending ? (
        <Center p="xl" role="status" aria-label="Carregando empresa">
          <Loader />
        </Center>
      ) : company.isError ? (
        <Alert color="red">{company.error.message}</Alert>
      ) : (
        <Stack>
          <Anchor component={Link} to="/app/crm/contatos" size="sm">
            <Group gap={4}>
              <IconArrowLeft size={14} /> Contatos
            </Group>
          </Anchor>
          <Title order={2}>{company.data.name}</Title>
          <Grid>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Card withBorder padding="md">
                <Stack gap={6}>
                  <Text size="sm">Razão social: {company.data.legalName ?? "—"}</Text>
                  <Text size="sm">CNPJ/CPF: {company.data.document ? formatDocument(company.data.document) : "—"}</Text>
                  <Text size="sm">E-mail: {company.data.email ?? "—"}</Text>
                  <Text size="sm">Telefone: {formatPhone(company.data.phone) || "—"}</Text>
                  <Text size="sm">
                    Cidade/UF: {[company.data.city, company.data.state].filter(Boolean).join(" / ") || "—"}
                  </Text>
                </Stack>
                <Text fw={600} mt="md" mb="xs">
                  Oportunidades
                </Text>
                {deals.data?.deals.map((d) => (
                  <Group key={d.id} justify="space-between">
                    <Text size="sm">{d.title}</Text>
                    <Text size="sm">{formatCents(d.valueCents)}</Text>
                  </Group>
                ))}
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 7 }}>
              <RecordTimeline type="company" id={id} />
            </Grid.Col>
          </Grid>
        </Stack>
      )}
    </SectionAccess>
  );
}
