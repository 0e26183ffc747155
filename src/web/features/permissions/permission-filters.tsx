import { Select, SimpleGrid, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { MODULE_CATEGORIES, type ModuleCategory } from "#domain/modules.ts";
import { ROLE_LABELS, ROLES, type Role } from "#domain/roles.ts";

export type ScreenFilters = { search: string; category: ModuleCategory | null; role: Role };

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

const ALL_CATEGORIES = "todas";

/** Categories in display order, after an explicit "all" entry a keyboard can reach. */
export const CATEGORY_OPTIONS = [{ value: ALL_CATEGORIES, label: "Todas as categorias" }, ...MODULE_CATEGORIES];

export function toCategoryValue(category: ModuleCategory | null): string {
  return category ?? ALL_CATEGORIES;
}

export function fromCategoryValue(value: string | null): ModuleCategory | null {
  return value && value !== ALL_CATEGORIES ? (value as ModuleCategory) : null;
}

/** Module search, category and role of the permissions screen (spec §2.9). */
export function PermissionFilters(props: { value: ScreenFilters; onChange: (next: ScreenFilters) => void }) {
  const { value, onChange } = props;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <TextInput
        label="Buscar módulo"
        placeholder="Nome, código ou descrição"
        leftSection={<IconSearch size={16} />}
        value={value.search}
        onChange={(event) => onChange({ ...value, search: event.currentTarget.value })}
      />
      <Select
        label="Categoria"
        data={CATEGORY_OPTIONS}
        value={toCategoryValue(value.category)}
        onChange={(category) => onChange({ ...value, category: fromCategoryValue(category) })}
        allowDeselect={false}
      />
      <Select
        label="Função"
        data={ROLE_OPTIONS}
        value={value.role}
        onChange={(role) => role && onChange({ ...value, role: role as Role })}
        allowDeselect={false}
      />
    </SimpleGrid>
  );
}
