/**
 * Worker-thread entry (run by piscina): one long-lived task per worker lane that maps the shared buffers once and
 * then follows the main thread's phases until told to stop. New pair lists arrive on a message port and are
 * read synchronously (receiveMessageOnPort) because the task never yields to the event loop.
 */
import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import type { ParticleState } from '../particles/state.js';
import type { KernelTable } from '../forces/contact-table.js';
import type { PairArrays, StepParams, WallArrays } from '../sim/kernels.js';
import { arrive, awaitGeneration, Phase, Slot, type ControlBlock } from './control.js';
import { Lane } from './lane.js';

export interface WorkerTask {
  st: ParticleState;
  walls: WallArrays;
  table: KernelTable;
  params: StepParams;
  control: ControlBlock;
  lane: number;
  lanes: number;
  port: MessagePort;
  pairs: PairArrays;
}

export default function runWorkerLane(task: WorkerTask): number {
  const { control: c, port } = task;
  const lane = new Lane(task, task.pairs);
  let generation = Atomics.load(c.ints, Slot.generation);
  Atomics.add(c.ints, Slot.ready, 1);
  Atomics.notify(c.ints, Slot.ready);
  let phases = 0;
  for (;;) {
    generation = awaitGeneration(c, generation);
    const phase = Atomics.load(c.ints, Slot.phase);
    try {
      if (phase === Phase.stop) {
        arrive(c);
        port.close();
        return phases;
      }
      if (phase === Phase.newPairs) {
        const message = receiveMessageOnPort(port);
        if (!message) throw new Error('internal: no pair list on the port');
        lane.pairs = message.message as PairArrays;
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
