import { AppShell, Badge, Group, NavLink, ScrollArea, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconChevronRight, IconLock, IconSparkles } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { PERMISSION_LEVEL_LABELS, type PermissionLevel } from "#domain/permissions.ts";
import { isActiveParent } from "../navigation.ts";
import { NAV_ICONS } from "./nav-icons.ts";
import type { VisibleChild, VisibleItem, VisibleSection } from "./nav-access.ts";
import { UserFooter } from "./user-footer.tsx";

function LevelBadge({ level }: { level: PermissionLevel | null }) {
  if (level !== "limited" && level !== "read-only") return null;
  return (
    <Badge
      size="xs"
      variant="light"
      color={level === "limited" ? "yellow" : "gray"}
      style={{ flexShrink: 0, maxWidth: "none", overflow: "visible" }}
    >
      {PERMISSION_LEVEL_LABELS[level]}
    </Badge>
  );
}

/**
 * The access level beside an entry. No unread counts until the modules that would count something
 * exist (issue 19: no invented figures). The Dashboard is only ever read, so "Leitura" there says nothing.
 */
function ItemBadges({ item }: { item: VisibleItem }) {
  if (item.key === "dashboard") return null;
  return (
    <Group gap={4} wrap="nowrap">
      <LevelBadge level={item.level} />
    </Group>
  );
}

function ChildLink({ child, pathname, onNavigate }: { child: VisibleChild; pathname: string; onNavigate(): void }) {
  if (child.isLocked) {
    return (
      <NavLink
        label={child.label}
        disabled
        aria-disabled
        title="Sem permissão para acessar"
        rightSection={<IconLock size={14} aria-label="Bloqueado" />}
        data-nav-child={child.path}
        data-locked="true"
      />
    );
  }
  return (
    <NavLink
      component={Link}
      to={child.path}
      label={child.label}
      active={pathname === child.path}
      rightSection={<LevelBadge level={child.level} />}
      data-nav-child={child.path}
      onClick={onNavigate}
    />
  );
}

function SidebarItem({
  item,
  pathname,
  opened,
  onToggle,
  onNavigate,
}: {
  item: VisibleItem;
  pathname: string;
  opened: boolean;
  onToggle(): void;
  onNavigate(): void;
}) {
  const Icon = NAV_ICONS[item.key];
  const active = isActiveParent(item, pathname);
  const icon = Icon ? <Icon size={18} stroke={1.6} /> : null;
  if (item.visibleChildren.length === 0) {
    return (
      <NavLink
        component={Link}
        to={item.path}
        label={item.label}
        leftSection={icon}
        rightSection={<ItemBadges item={item} />}
        active={active}
        data-nav-item={item.key}
        onClick={onNavigate}
      />
    );
  }
  // A button, not an <a> without href: Tab reaches it and Enter or Space opens it. It names the
  // group it discloses (aria-controls), so assistive technology and the keyboard walk find its entries.
  const groupId = `nav-group-${item.key}`;
  return (
    <NavLink
      component="button"
      type="button"
      aria-expanded={opened}
      aria-controls={groupId}
      label={item.label}
      leftSection={icon}
      rightSection={
        <Group gap={4} wrap="nowrap">
          <ItemBadges item={item} />
          <IconChevronRight size={14} style={{ transform: opened ? "rotate(90deg)" : undefined }} />
        </Group>
      }
      disableRightSectionRotation
      active={active && !opened}
      opened={opened}
      onChange={onToggle}
      data-nav-item={item.key}
      childrenOffset={28}
    >
      <div id={groupId}>
        {item.visibleChildren.map((child) => (
          <ChildLink key={child.slug} child={child} pathname={pathname} onNavigate={onNavigate} />
        ))}
      </div>
    </NavLink>
  );
}

function SidebarBrand() {
  return (
    <Group gap="sm" p="md" wrap="nowrap">
      <ThemeIcon size={36} radius="md" variant="gradient" gradient={{ from: "blue", to: "violet" }}>
        <IconSparkles size={20} />
      </ThemeIcon>
      <div>
        {/* The brand, not a section heading: as an h3 it broke the page's heading order (h1 → h3). */}
        <Text fw={700} fz="h4" lh={1.1}>
          Nexo
        </Text>
        <Text size="xs" c="dimmed">
          Sistema Operacional
        </Text>
      </div>
    </Group>
  );
}

/** Spec §2.3: one expanded parent at a time; the current one opens by itself when a child is active. */
export function Sidebar({ sections, onNavigate }: { sections: VisibleSection[]; onNavigate(): void }) {
  const { pathname } = useLocation();
  const activeKey = sections.flatMap((s) => s.items).find((item) => isActiveParent(item, pathname))?.key ?? null;
  const [expanded, setExpanded] = useState<string | null>(activeKey);
  // The address a group was last opened or closed at by hand. A screen still loading keeps the old
  // one drawn (the router renders in a transition) while the address bar already shows the new:
  // a group opened in that moment must stay open when the screen lands, not give way to the
  // screen's own group (issue 19: the keyboard walk lost Estratégia that way).
  const toggledAt = useRef<string | null>(null);
  useEffect(() => {
    if (toggledAt.current !== pathname) setExpanded(activeKey);
  }, [activeKey, pathname]);
  const toggle = (key: string) => {
    toggledAt.current = window.location.pathname;
    setExpanded((current) => (current === key ? null : key));
  };

  return (
    <>
      <AppShell.Section>
        <SidebarBrand />
      </AppShell.Section>
      <AppShell.Section grow component={ScrollArea} px="xs">
        <nav aria-label="Menu principal">
          {sections.map((section) => (
            <Stack key={section.title} gap={2} mb="md">
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={4}>
                {section.title}
              </Text>
              {section.items.map((item) => (
                <SidebarItem
                  key={item.key}
                  item={item}
                  pathname={pathname}
                  opened={expanded === item.key}
                  onToggle={() => toggle(item.key)}
                  onNavigate={onNavigate}
                />
              ))}
            </Stack>
          ))}
        </nav>
      </AppShell.Section>
      <AppShell.Section>
        <UserFooter onNavigate={onNavigate} />
      </AppShell.Section>
    </>
  );
}
