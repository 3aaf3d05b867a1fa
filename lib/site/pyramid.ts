/**
 * The team pyramid's layout (spec sections 2, 4 and 9) as a pure function of the members list:
 * who goes in which tier, where each node sits in the 110 × 60 view, and which lines join them.
 */

export type PyramidMemberInput = {
  id: number;
  first_name: string;
  last_name: string;
  email?: string | null;
  quote?: string | null;
  pfp_img?: string | null;
  position: string;
  reports_to?: number | null;
  department?: { name: string } | null;
};

/** The spec's member display model plus what the chart needs. */
export type PyramidPerson = {
  id: number;
  name: string;
  department_name: string;
  leaderId: number | null;
  position: string;
  email: string;
  quote: string;
  pfp_img: string | null;
};

export type Tier = 'advisor' | 'executive' | 'leader' | 'member' | 'finance';

export type PyramidNode = PyramidPerson & { tier: Tier; x: number; y: number };
export type PyramidLink = { parentId: number; childId: number };
export type PyramidLayout = { nodes: PyramidNode[]; links: PyramidLink[] };

export const PYRAMID_VIEW = { width: 110, height: 60 } as const;
/** Tops of the four tiers. */
export const TIER_LEVELS = { advisor: 0, executive: 10, leader: 25, member: 37 } as const;
/** Horizontal distance between neighbours in a tier. */
export const TIER_SPACING = { executive: 12, leader: 30, member: 10 } as const;
export const NODE_SIZE = { normal: 7, mobile: 8 } as const;
export const LINE_WIDTH = { normal: 0.3, highlighted: 0.5 } as const;
export const HIGHLIGHT_COLOR = '#1d4ed8';

const CENTER_X = 50;
/**
 * The finance branch is drawn in its own column at the right edge of the view. The main tree then
 * moves a little to the left so that its rightmost member (a leader 45 units right of centre, plus
 * half a member spacing) stays a whole mobile node clear of that column.
 */
const FINANCE_X = 106;
const CENTER_X_WITH_FINANCE = 47;
const FINANCE_STEP_Y = 12;

export const FINANCE_POSITION = 'VP Finance';

function displayName(member: PyramidMemberInput): string {
  return `${member.first_name} ${member.last_name}`.trim();
}

function isLeaderPosition(position: string): boolean {
  return position.includes('Lead') || position.includes('Manager');
}

/** The department a leader heads: its own, else the position without 'Lead' or 'Manager'. */
export function leaderDepartmentName(member: PyramidMemberInput): string {
  const named = member.department?.name?.trim();
  if (named) return named;
  return member.position
    .replace(/\s*\b(Lead|Manager)\b\s*$/, '')
    .replace(/\b(Lead|Manager)\b/, '')
    .trim();
}

function toPerson(member: PyramidMemberInput, department: string): PyramidPerson {
  return {
    id: member.id,
    name: displayName(member),
    department_name: department,
    leaderId: member.reports_to ?? null,
    position: member.position,
    email: member.email ?? '',
    quote: member.quote ?? '',
    pfp_img: member.pfp_img ?? null,
  };
}

/** x of `count` items `spacing` apart, centred on `center`. */
function spread(count: number, spacing: number, center: number): number[] {
  const start = center - ((count - 1) * spacing) / 2;
  return Array.from({ length: count }, (_, index) => start + index * spacing);
}

export type PyramidTiers = {
  advisor: PyramidMemberInput | null;
  executives: PyramidMemberInput[];
  leaders: PyramidMemberInput[];
  members: PyramidMemberInput[];
  finance: { head: PyramidMemberInput; reports: PyramidMemberInput[] } | null;
};

/** The placement rules of spec section 4, in order. */
export function assignTiers(all: readonly PyramidMemberInput[]): PyramidTiers {
  const financeHead = all.find((member) => member.position === FINANCE_POSITION) ?? null;
  const financeIds = new Set<number>();
  const financeReports: PyramidMemberInput[] = [];
  if (financeHead) {
    financeIds.add(financeHead.id);
    for (const member of all) {
      if (member.reports_to === financeHead.id && member.id !== financeHead.id) {
        financeIds.add(member.id);
        financeReports.push(member);
      }
    }
  }

  const tiers: PyramidTiers = {
    advisor: null,
    executives: [],
    leaders: [],
    members: [],
    finance: financeHead ? { head: financeHead, reports: financeReports } : null,
  };
  for (const member of all) {
    if (financeIds.has(member.id)) continue;
    const hasLeader = member.reports_to !== null && member.reports_to !== undefined;
    if (member.position === 'President' && !hasLeader && !tiers.advisor) {
      tiers.advisor = member;
    } else if (member.position === 'Vice President') {
      tiers.executives.push(member);
    } else if (isLeaderPosition(member.position)) {
      tiers.leaders.push(member);
    } else if (hasLeader) {
      tiers.members.push(member);
    }
  }
  return tiers;
}

export function layoutPyramid(all: readonly PyramidMemberInput[]): PyramidLayout {
  const tiers = assignTiers(all);
  const nodes: PyramidNode[] = [];
  const center = tiers.finance ? CENTER_X_WITH_FINANCE : CENTER_X;

  if (tiers.advisor) {
    const department = tiers.advisor.department?.name ?? 'Executive Board';
    nodes.push({
      ...toPerson(tiers.advisor, department),
      tier: 'advisor',
      x: center,
      y: TIER_LEVELS.advisor,
    });
  }

  spread(tiers.executives.length, TIER_SPACING.executive, center).forEach((x, index) => {
    const member = tiers.executives[index]!;
    nodes.push({
      ...toPerson(member, member.department?.name ?? 'Executive Board'),
      tier: 'executive',
      x,
      y: TIER_LEVELS.executive,
    });
  });

  const leaderX = new Map<number, number>();
  spread(tiers.leaders.length, TIER_SPACING.leader, center).forEach((x, index) => {
    const leader = tiers.leaders[index]!;
    leaderX.set(leader.id, x);
    nodes.push({
      ...toPerson(leader, leaderDepartmentName(leader)),
      tier: 'leader',
      x,
      y: TIER_LEVELS.leader,
    });
  });

  // Members sit under their leader; a member whose leader is not a drawn leader is grouped at the centre.
  const byLeader = new Map<number | null, PyramidMemberInput[]>();
  for (const member of tiers.members) {
    const key = leaderX.has(member.reports_to!) ? member.reports_to! : null;
    byLeader.set(key, [...(byLeader.get(key) ?? []), member]);
  }
  const leaderDepartments = new Map(
    tiers.leaders.map((leader) => [leader.id, leaderDepartmentName(leader)]),
  );
  for (const [leaderId, group] of byLeader) {
    const groupCenter = leaderId === null ? center : leaderX.get(leaderId)!;
    spread(group.length, TIER_SPACING.member, groupCenter).forEach((x, index) => {
      const member = group[index]!;
      const department =
        member.department?.name ??
        (leaderId !== null ? leaderDepartments.get(leaderId) : undefined) ??
        '';
      nodes.push({ ...toPerson(member, department), tier: 'member', x, y: TIER_LEVELS.member });
    });
  }

  if (tiers.finance) {
    const { head, reports } = tiers.finance;
    const department = head.department?.name ?? 'Finance';
    nodes.push({
      ...toPerson(head, department),
      tier: 'finance',
      x: FINANCE_X,
      y: TIER_LEVELS.executive,
    });
    reports.forEach((member, index) => {
      nodes.push({
        ...toPerson(member, member.department?.name ?? department),
        tier: 'finance',
        x: FINANCE_X,
        y: TIER_LEVELS.leader + index * FINANCE_STEP_Y,
      });
    });
  }

  const drawn = new Set(nodes.map((node) => node.id));
  const links = nodes
    .filter(
      (node) => node.leaderId !== null && drawn.has(node.leaderId) && node.leaderId !== node.id,
    )
    .map((node) => ({ parentId: node.leaderId!, childId: node.id }));

  return { nodes, links };
}

/**
 * Who lights up when a node is hovered (spec section 4): a leader selects its group (itself and
 * those who report to it); anyone else selects itself and its leader.
 */
export function highlightedIds(layout: PyramidLayout, hoveredId: number | null): Set<number> {
  if (hoveredId === null) return new Set();
  const selected = new Set<number>([hoveredId]);
  const reports = layout.links.filter((link) => link.parentId === hoveredId);
  if (reports.length > 0) {
    for (const link of reports) selected.add(link.childId);
  } else {
    const up = layout.links.find((link) => link.childId === hoveredId);
    if (up) selected.add(up.parentId);
  }
  return selected;
}

export function isLinkHighlighted(link: PyramidLink, selected: Set<number>): boolean {
  return selected.has(link.parentId) && selected.has(link.childId);
}
