// Workers of one machine hear each other's writes through their primary before the write is
// answered: a batch a worker publishes resolves once every other worker that hears changes has
// delivered it to its listeners, and no later; a worker that hangs is waited for at most the
// patience (and logged), one that exits owes nothing, one that does not hear yet is not waited
// for. The channels here are in memory, each message passed on a later turn of the event loop as
// IPC does, and held where a test says so: what a worker delivers, and when, is the test's.
import { describe, expect, it } from 'vitest';
import type { Logger } from 'pino';
import { ChangeRelay, clusterTransport, type Channel, type Peer } from './cluster';
import { ChangeBus, type Change } from './lib/changes';

const change = (id: number): Change => ({ networkId: 1, kind: 'BlogPost', id, op: 'created' });

/** Every message in flight reaches its end. */
const flush = async () => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
};

interface Worker {
  bus: ChangeBus;
  peer: Peer;
  heard: number[];
  /** Messages to this worker wait until `release` (a worker that is busy or hangs). */
  hold(): void;
  release(): void;
}

function machine(options: { workers: number; patience?: number; silent?: number[] }) {
  const warnings: string[] = [];
  const log = { warn: (_: unknown, message: string) => warnings.push(message) } as unknown as Logger;
  const relay = new ChangeRelay(log, options.patience);
  const workers = Array.from({ length: options.workers }, (_, index): Worker => {
    let listener: ((message: unknown) => void) | undefined;
    let held: unknown[] | undefined;
    const toWorker = (message: unknown) => setImmediate(() => listener?.(message));
    const peer: Peer = { send: (message) => (held ? held.push(message) : toWorker(message)) };
    const channel: Channel = {
      send: (message) => setImmediate(() => relay.receive(peer, message)),
      listen(l) {
        listener = l;
        return () => (listener = undefined);
      },
    };
    const bus = new ChangeBus();
    const heard: number[] = [];
    bus.subscribe((c) => heard.push(c.id));
    // A silent worker has not connected its transport yet: it neither hears nor says so.
    if (!options.silent?.includes(index)) bus.connect(clusterTransport(channel, options.patience));
    return {
      bus,
      peer,
      heard,
      hold: () => (held = []),
      release() {
        const messages = held ?? [];
        held = undefined;
        messages.forEach(toWorker);
      },
    };
  });
  return { relay, workers, warnings };
}

/** Publishes on `worker`; `done()` tells whether the publish has resolved. */
function publish(worker: Worker, id: number) {
  let resolved = false;
  const promise = worker.bus.publish([change(id)]).then(() => (resolved = true));
  return { promise, done: () => resolved };
}

describe('changes between the workers of one machine', () => {
  it('a write resolves once every other worker has delivered it, each once, and its writer not again', async () => {
    const { workers } = machine({ workers: 3 });
    await flush();
    workers[2]!.hold();
    const write = publish(workers[0]!, 7);
    // The writer's own listeners heard it at once.
    expect(workers[0]!.heard).toEqual([7]);
    await flush();
    expect(workers[1]!.heard).toEqual([7]);
    expect(workers[2]!.heard).toEqual([]);
    expect(write.done()).toBe(false);
    workers[2]!.release();
    await write.promise;
    expect(workers.map((w) => w.heard)).toEqual([[7], [7], [7]]);
  });

  it('keeps the batches of several writers apart', async () => {
    const { workers } = machine({ workers: 3 });
    await flush();
    workers[2]!.hold();
    const first = publish(workers[0]!, 1);
    const second = publish(workers[1]!, 2);
    await flush();
    expect([first.done(), second.done()]).toEqual([false, false]);
    workers[2]!.release();
    await Promise.all([first.promise, second.promise]);
    expect(workers.map((w) => w.heard)).toEqual([[1, 2], [2, 1], [1, 2]]);
  });

  it('stops waiting for a worker that hangs after the patience, and says so', async () => {
    const { workers, warnings } = machine({ workers: 2, patience: 50 });
    await flush();
    workers[1]!.hold();
    const started = performance.now();
    await publish(workers[0]!, 3).promise;
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    await expect.poll(() => warnings).toEqual(['a worker did not confirm a change within a second']);
    // It hears the write when it is free again.
    workers[1]!.release();
    await flush();
    expect(workers[1]!.heard).toEqual([3]);
  });

  it('does not wait for a worker that exits owing the write', async () => {
    const { relay, workers } = machine({ workers: 3, patience: 60_000 });
    await flush();
    workers[2]!.hold();
    const write = publish(workers[0]!, 4);
    await flush();
    expect(write.done()).toBe(false);
    relay.remove(workers[2]!.peer);
    await flush();
    expect(write.done()).toBe(true);
    // Nor is anything sent to it afterwards.
    workers[2]!.release();
    await publish(workers[1]!, 5).promise;
    await flush();
    expect(workers[2]!.heard).toEqual([4]);
  });

  it('does not wait for a worker that does not hear changes yet', async () => {
    const { workers } = machine({ workers: 2, patience: 60_000, silent: [1] });
    await flush();
    await publish(workers[0]!, 6).promise;
    expect(workers[1]!.heard).toEqual([]);
  });

  it('ends the waits of a transport that closes', async () => {
    const { workers } = machine({ workers: 2, patience: 60_000 });
    await flush();
    workers[1]!.hold();
    const write = publish(workers[0]!, 8);
    await flush();
    await workers[0]!.bus.close();
    await write.promise;
  });
});
