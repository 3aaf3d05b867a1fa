import { describe, expect, it } from 'vitest';
import { splitAlumni } from '@/lib/site/alumni';

const person = (name: string, major: string) => ({ name, major });

describe('splitAlumni', () => {
  it("keeps every major but 'Telfer' as former club members, in order", () => {
    const alumni = [
      person('Lily Feng', 'Finance'),
      person('Ming Xie', 'Telfer'),
      person('Daniel Cao', 'Computer Science'),
      person('Annie Qiu', 'Telfer'),
    ];
    expect(splitAlumni(alumni)).toEqual({
      formerMembers: [person('Lily Feng', 'Finance'), person('Daniel Cao', 'Computer Science')],
      telfer: [person('Ming Xie', 'Telfer'), person('Annie Qiu', 'Telfer')],
    });
  });

  it("recognises 'Telfer' whatever its case or surrounding spaces", () => {
    const { formerMembers, telfer } = splitAlumni([person('A', ' telfer '), person('B', 'TELFER')]);
    expect(formerMembers).toEqual([]);
    expect(telfer).toHaveLength(2);
  });

  it('does not mistake a major that only mentions Telfer for Telfer', () => {
    const { formerMembers } = splitAlumni([person('C', 'Telfer MBA')]);
    expect(formerMembers).toEqual([person('C', 'Telfer MBA')]);
  });

  it('splits an empty list into two empty lists', () => {
    expect(splitAlumni([])).toEqual({ formerMembers: [], telfer: [] });
  });
});
