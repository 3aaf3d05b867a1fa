import { describe, expect, it } from 'vitest';
import { GroupCommit } from '@/lib/registrations/group-commit';

/** A committer that records each group it writes and each request it writes alone. */
function recording(
  options: { maxGroup?: number; failWhen?: (requests: number[]) => boolean } = {},
) {
  const groups: number[][] = [];
  const alone: number[] = [];
  let writing = 0;
  let mostAtOnce = 0;
  const committer = new GroupCommit<number, string>({
    maxGroup: options.maxGroup ?? 100,
    quietMs: 2,
    maxWaitMs: 20,
    async commitGroup(requests) {
      writing += 1;
      mostAtOnce = Math.max(mostAtOnce, writing);
      groups.push(requests);
      await new Promise((resolve) => setTimeout(resolve, 5));
      writing -= 1;
      if (options.failWhen?.(requests)) throw new Error('refused');
      return requests.map((request) => `group:${request}`);
    },
    async commitOne(request) {
      alone.push(request);
      if (request < 0) throw new Error(`refused ${request}`);
      return `alone:${request}`;
    },
  });
  return { committer, groups, alone, mostAtOnce: () => mostAtOnce };
}

describe('group commit', () => {
  it('requests arriving together are written as one group, in order, each answered with its own outcome', async () => {
    const { committer, groups } = recording();
    const answers = await Promise.all([1, 2, 3].map((request) => committer.submit(request)));
    expect(groups).toEqual([[1, 2, 3]]);
    expect(answers).toEqual(['group:1', 'group:2', 'group:3']);
    expect(committer.busy).toBe(false);
  });

  it('requests arriving while a group is written wait for the next; groups never overlap and keep the order of arrival', async () => {
    const { committer, groups, mostAtOnce } = recording({ maxGroup: 2 });
    const first = [1, 2, 3].map((request) => committer.submit(request));
    await new Promise((resolve) => setTimeout(resolve, 4));
    const later = [4, 5].map((request) => committer.submit(request));
    await Promise.all([...first, ...later]);
    expect(groups.flat()).toEqual([1, 2, 3, 4, 5]);
    expect(groups.every((group) => group.length <= 2)).toBe(true);
    expect(mostAtOnce()).toBe(1);
  });

  it('a group that fails is written again one request at a time: only the bad request fails', async () => {
    const { committer, alone } = recording({
      failWhen: (requests) => requests.some((request) => request < 0),
    });
    const logError = console.error;
    console.error = () => {};
    try {
      const answers = await Promise.allSettled(
        [7, -1, 8].map((request) => committer.submit(request)),
      );
      expect(alone).toEqual([7, -1, 8]);
      expect(answers.map((answer) => answer.status)).toEqual([
        'fulfilled',
        'rejected',
        'fulfilled',
      ]);
      expect(answers[0]).toMatchObject({ value: 'alone:7' });
    } finally {
      console.error = logError;
    }
  });
});
