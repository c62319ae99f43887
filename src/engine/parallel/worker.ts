/**
 * Worker-thread entry (run by piscina): one long-lived task per worker lane that maps the shared buffers once and
 * then follows the main thread's phases until told to stop. New contact lists arrive on a message port and are
 * read synchronously (receiveMessageOnPort) because the task never yields to the event loop: before the first
 * phase after they were posted (control.ts Slot.contactLists), so they need no barrier round of their own.
 */
import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { arrive, awaitGeneration, Phase, Slot } from './control.js';
import { Lane, type LaneContacts, type LaneContext, type WallSearchJob } from './lane.js';
import { bindActiveCount } from '../../particles/state.js';
import type { PairBuildJob } from './pair-search.js';

export interface WorkerTask extends LaneContext {
  port: MessagePort;
  contacts: LaneContacts;
}

export default function runWorkerLane(task: WorkerTask): number {
  const { control: c, port } = task;
  // The state's active-sphere count is a getter over shared memory, which posting the task does not copy.
  bindActiveCount(task.st);
  const lane = new Lane(task, task.contacts);
  let generation = Atomics.load(c.ints, Slot.generation);
  Atomics.add(c.ints, Slot.ready, 1);
  Atomics.notify(c.ints, Slot.ready);
  let phases = 0;
  // Contact lists posted after task.contacts was: none yet (the main thread posts them only once every lane runs).
  let listsTaken = Atomics.load(c.ints, Slot.contactLists);
  for (;;) {
    generation = awaitGeneration(c, generation);
    const phase = Atomics.load(c.ints, Slot.phase);
    try {
      if (phase === Phase.stop) {
        arrive(c);
        port.close();
        return phases;
      }
      // New lists were posted before this phase started, ahead of the phase's own message on the port.
      for (const posted = Atomics.load(c.ints, Slot.contactLists); listsTaken < posted; listsTaken++) {
        lane.contacts = portMessage(port, 'contact lists') as LaneContacts;
      }
      if (phase === Phase.findPairs) {
        lane.pairSearch = portMessage(port, 'pair search') as PairBuildJob;
        lane.run(phase);
      } else if (phase === Phase.findWallCandidates) {
        lane.wallSearch = portMessage(port, 'wall-candidate search') as WallSearchJob;
        lane.run(phase);
      } else {
        lane.run(phase as typeof Phase.kickDrift);
      }
      phases++;
    } catch (error) {
      Atomics.store(c.ints, Slot.failed, 1);
      console.error(error);
    }
    arrive(c);
  }
}

/** The message the main thread posted before starting a phase that needs one. */
function portMessage(port: MessagePort, what: string): unknown {
  const message = receiveMessageOnPort(port);
  if (!message) throw new Error(`internal: no ${what} on the port`);
  return message.message;
}
