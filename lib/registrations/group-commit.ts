/**
 * Group commit: requests for one key (here, one event) that arrive close together are written
 * by one transaction.
 *
 * Why: every registration for an event locks the event's row, so the registrations of one event
 * take turns. When a gala's tickets open, 500 people register within a second; as 500
 * transactions, each pays its own BEGIN, lock, reads, three INSERTs and COMMIT (a flush to disk
 * on PostgreSQL; on the embedded database every statement runs on the server's one thread, in
 * turn with every other request), and the last waits for all the others. A group pays the lock,
 * the reads and the COMMIT once, and writes its rows with one statement per table.
 *
 * When a group is written: once no request has joined it for `quietMs`, or once its first
 * request has waited `maxWaitMs`, or when it is full (`maxGroup`), and never while the key's
 * previous group is being written. Taking only the requests that queued up behind a running
 * transaction is not enough: a server busy reading 500 requests hands them over a few at a time,
 * and groups of one or two would pay the transactions again. The short wait costs a lone
 * registration `quietMs`.
 *
 * What does not change: groups of one key are written one after the other, each in the order its
 * requests arrived, so the first to arrive is still the first served (and the first on the
 * waitlist). A group whose transaction fails as a whole (a value the database refuses, a lost
 * connection) is written again one request at a time, each in a transaction of its own, so one
 * bad request fails alone and the others are kept.
 */

export type GroupCommitOptions<Request, Outcome> = {
  /** Writes the group in one transaction; answers one outcome per request, in the same order. */
  commitGroup: (requests: Request[]) => Promise<Outcome[]>;
  /** Writes one request alone, after its group failed. */
  commitOne: (request: Request) => Promise<Outcome>;
  /** At most this many requests in one transaction (the rest wait for the next). */
  maxGroup: number;
  /** A group is written once no request has joined it for this long … */
  quietMs: number;
  /** … or once its first request has waited this long. */
  maxWaitMs: number;
  /** Called when the last waiting request has been answered. */
  onIdle?: () => void;
};

type Waiting<Request, Outcome> = {
  request: Request;
  arrivedAt: number;
  resolve: (outcome: Outcome) => void;
  reject: (error: unknown) => void;
};

export class GroupCommit<Request, Outcome> {
  private readonly waiting: Array<Waiting<Request, Outcome>> = [];
  private writing = false;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly options: GroupCommitOptions<Request, Outcome>) {}

  /** Whether a group is being written or requests wait for the next. */
  get busy(): boolean {
    return this.writing || this.waiting.length > 0;
  }

  submit(request: Request): Promise<Outcome> {
    return new Promise<Outcome>((resolve, reject) => {
      this.waiting.push({ request, arrivedAt: performance.now(), resolve, reject });
      this.schedule();
    });
  }

  /** Writes the next group when it is due; checks again when it may become due. */
  private schedule(): void {
    if (this.writing || this.waiting.length === 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const { quietMs, maxWaitMs, maxGroup } = this.options;
    const now = performance.now();
    const due = Math.min(
      this.waiting.at(-1)!.arrivedAt + quietMs,
      this.waiting[0]!.arrivedAt + maxWaitMs,
    );
    if (this.waiting.length >= maxGroup || now >= due) {
      void this.drain();
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      this.schedule();
    }, due - now);
  }

  private async drain(): Promise<void> {
    this.writing = true;
    const group = this.waiting.splice(0, this.options.maxGroup);
    try {
      let outcomes: Outcome[] | null = null;
      try {
        outcomes = await this.options.commitGroup(group.map((entry) => entry.request));
      } catch (error) {
        if (group.length > 1) {
          console.error(
            `A group of ${group.length} could not be written together; writing each alone:`,
            error,
          );
        }
      }
      if (outcomes) {
        group.forEach((entry, index) => entry.resolve(outcomes[index]!));
      } else {
        for (const entry of group) {
          try {
            entry.resolve(await this.options.commitOne(entry.request));
          } catch (error) {
            entry.reject(error);
          }
        }
      }
    } finally {
      this.writing = false;
      if (this.waiting.length > 0) this.schedule();
      else this.options.onIdle?.();
    }
  }
}
