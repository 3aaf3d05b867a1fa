import { describe, expect, it } from 'vitest';
import {
  assignTiers,
  highlightedIds,
  isLinkHighlighted,
  layoutPyramid,
  leaderDepartmentName,
  NODE_SIZE,
  TIER_LEVELS,
  type PyramidMemberInput,
} from '@/lib/site/pyramid';

let nextId = 1;
function member(
  position: string,
  reports_to: number | null,
  extra: Partial<PyramidMemberInput> = {},
): PyramidMemberInput {
  const id = nextId++;
  return {
    id,
    first_name: `First${id}`,
    last_name: `Last${id}`,
    email: `m${id}@example.org`,
    quote: `Quote ${id}`,
    pfp_img: null,
    position,
    reports_to,
    department: null,
    ...extra,
  };
}

function team() {
  nextId = 1;
  const president = member('President', null, { department: { name: 'Executive Board' } });
  const vpEvents = member('Vice President', president.id);
  const vpExternal = member('Vice President', president.id);
  const vpFinance = member('VP Finance', president.id);
  const treasurer = member('Treasurer', vpFinance.id);
  const bookkeeper = member('Bookkeeper', vpFinance.id);
  const marketingLead = member('Marketing Lead', vpEvents.id, {
    department: { name: 'Marketing' },
  });
  const eventsManager = member('Events Manager', vpEvents.id);
  const designer = member('Graphic Designer', marketingLead.id);
  const photographer = member('Photographer', marketingLead.id);
  const coordinator = member('Event Coordinator', eventsManager.id);
  const stray = member('Volunteer', null);
  return {
    president,
    vpEvents,
    vpExternal,
    vpFinance,
    treasurer,
    bookkeeper,
    marketingLead,
    eventsManager,
    designer,
    photographer,
    coordinator,
    stray,
    all: [
      president,
      vpEvents,
      vpExternal,
      vpFinance,
      treasurer,
      bookkeeper,
      marketingLead,
      eventsManager,
      designer,
      photographer,
      coordinator,
      stray,
    ],
  };
}

const ids = (list: PyramidMemberInput[]) => list.map((m) => m.id);

describe('pyramid placement rules', () => {
  it("puts the 'President' with no reports_to at the top", () => {
    const t = team();
    expect(assignTiers(t.all).advisor?.id).toBe(t.president.id);
  });

  it("does not treat a 'President' who reports to someone as the advisor", () => {
    nextId = 100;
    const advisor = member('President', 5);
    expect(assignTiers([advisor]).advisor).toBeNull();
    expect(ids(assignTiers([advisor]).members)).toEqual([advisor.id]);
  });

  it("puts 'Vice President' in the executive row", () => {
    const t = team();
    expect(ids(assignTiers(t.all).executives)).toEqual([t.vpEvents.id, t.vpExternal.id]);
  });

  it("makes a position containing 'Lead' or 'Manager' a department leader", () => {
    const t = team();
    expect(ids(assignTiers(t.all).leaders)).toEqual([t.marketingLead.id, t.eventsManager.id]);
  });

  it('falls back to the position without its suffix for a leader without department', () => {
    const t = team();
    expect(leaderDepartmentName(t.marketingLead)).toBe('Marketing');
    expect(leaderDepartmentName(t.eventsManager)).toBe('Events');
    expect(leaderDepartmentName(member('Lead Designer', 1))).toBe('Designer');
  });

  it('puts anyone else with reports_to under their leader', () => {
    const t = team();
    expect(ids(assignTiers(t.all).members)).toEqual([
      t.designer.id,
      t.photographer.id,
      t.coordinator.id,
    ]);
  });

  it("pulls 'VP Finance' and its direct reports into the finance branch and out of other tiers", () => {
    const t = team();
    const tiers = assignTiers(t.all);
    expect(tiers.finance?.head.id).toBe(t.vpFinance.id);
    expect(ids(tiers.finance?.reports ?? [])).toEqual([t.treasurer.id, t.bookkeeper.id]);
    const elsewhere = [...tiers.executives, ...tiers.leaders, ...tiers.members].map((m) => m.id);
    expect(elsewhere).not.toContain(t.vpFinance.id);
    expect(elsewhere).not.toContain(t.treasurer.id);
  });

  it('leaves out someone with no rule that applies (no leader and no tier position)', () => {
    const t = team();
    const layout = layoutPyramid(t.all);
    expect(layout.nodes.map((n) => n.id)).not.toContain(t.stray.id);
  });
});

describe('pyramid layout', () => {
  it('places tiers at the vertical levels 0, 10, 25 and 37 with the spec spacings', () => {
    const t = team();
    const layout = layoutPyramid(t.all);
    const node = (id: number) => layout.nodes.find((n) => n.id === id)!;
    expect(node(t.president.id).y).toBe(TIER_LEVELS.advisor);
    expect([node(t.vpEvents.id).y, node(t.vpExternal.id).y]).toEqual([10, 10]);
    expect(node(t.vpExternal.id).x - node(t.vpEvents.id).x).toBe(12);
    expect(node(t.eventsManager.id).x - node(t.marketingLead.id).x).toBe(30);
    expect(node(t.marketingLead.id).y).toBe(25);
    expect(node(t.designer.id).y).toBe(37);
    expect(node(t.photographer.id).x - node(t.designer.id).x).toBe(10);
    // Members are centred under their leader.
    expect((node(t.designer.id).x + node(t.photographer.id).x) / 2).toBe(
      node(t.marketingLead.id).x,
    );
    expect(node(t.coordinator.id).x).toBe(node(t.eventsManager.id).x);
  });

  it('draws the finance head and its first report off to the side, in one column', () => {
    const t = team();
    const layout = layoutPyramid(t.all);
    const node = (id: number) => layout.nodes.find((n) => n.id === id)!;
    const head = node(t.vpFinance.id);
    const first = node(t.treasurer.id);
    expect(head.tier).toBe('finance');
    expect(first.x).toBe(head.x);
    expect(first.y).toBeGreaterThan(head.y);
    const mainTreeMaxX = Math.max(
      ...layout.nodes.filter((n) => n.tier !== 'finance').map((n) => n.x),
    );
    expect(head.x).toBeGreaterThan(mainTreeMaxX);
    expect(head.x).toBeLessThanOrEqual(110);
  });

  it('keeps every portrait clear of every other, finance column included, at the mobile size', () => {
    const t = team();
    // Four leaders (the widest tree), the last with two members next to the finance column.
    const designLead = member('Design Lead', t.president.id);
    const illustrator = member('Illustrator', designLead.id);
    const webLead = member('Web Lead', t.president.id);
    const developer = member('Developer', webLead.id);
    const operations = member('Operations', webLead.id);
    const layout = layoutPyramid([
      ...t.all,
      designLead,
      illustrator,
      webLead,
      developer,
      operations,
    ]);
    expect(layout.nodes.filter((n) => n.tier === 'leader')).toHaveLength(4);
    for (const a of layout.nodes) {
      for (const b of layout.nodes) {
        if (a.id >= b.id) continue;
        const distance = Math.hypot(a.x - b.x, a.y - b.y);
        expect(distance, `${a.position} and ${b.position}`).toBeGreaterThanOrEqual(
          NODE_SIZE.mobile,
        );
      }
    }
  });

  it('builds the display model: combined name, department name and leader id', () => {
    const t = team();
    const node = layoutPyramid(t.all).nodes.find((n) => n.id === t.designer.id)!;
    expect(node.name).toBe(`First${t.designer.id} Last${t.designer.id}`);
    expect(node.department_name).toBe('Marketing');
    expect(node.leaderId).toBe(t.marketingLead.id);
  });

  it('links each drawn person to the drawn person they report to', () => {
    const t = team();
    const links = layoutPyramid(t.all).links;
    expect(links).toContainEqual({ parentId: t.marketingLead.id, childId: t.designer.id });
    expect(links).toContainEqual({ parentId: t.president.id, childId: t.vpEvents.id });
    expect(links).toContainEqual({ parentId: t.vpFinance.id, childId: t.treasurer.id });
  });
});

describe('pyramid hover selection', () => {
  it("hovering a leader selects the leader's group", () => {
    const t = team();
    const layout = layoutPyramid(t.all);
    expect([...highlightedIds(layout, t.marketingLead.id)].sort()).toEqual(
      [t.marketingLead.id, t.designer.id, t.photographer.id].sort(),
    );
  });

  it('hovering a member selects the member and its leader, and highlights the line between', () => {
    const t = team();
    const layout = layoutPyramid(t.all);
    const selected = highlightedIds(layout, t.coordinator.id);
    expect([...selected].sort()).toEqual([t.eventsManager.id, t.coordinator.id].sort());
    const highlighted = layout.links.filter((link) => isLinkHighlighted(link, selected));
    expect(highlighted).toEqual([{ parentId: t.eventsManager.id, childId: t.coordinator.id }]);
  });

  it('leaving clears the selection', () => {
    const t = team();
    expect(highlightedIds(layoutPyramid(t.all), null).size).toBe(0);
  });
});
