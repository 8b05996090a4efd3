import { createMemoryBus, type Bus } from '../platform/bus/bus.js';

/** The in-process bus, telling a test when a message has reached the subscribers. */
export interface WatchedBus extends Bus {
  /**
   * Settles once the next message has been handed to every subscriber of its channel, so a
   * test waits for the delivery it checks instead of sleeping. Ask before the publish: the bus
   * delivers as soon as the publisher's turn ends.
   */
  nextDelivery(): Promise<void>;
}

export function watchedBus(): WatchedBus {
  const bus = createMemoryBus();
  let waiting: (() => void)[] = [];
  return {
    ...bus,
    subscribe: (channel, handler) =>
      bus.subscribe(channel, (message) => {
        handler(message);
        // The bus calls every subscriber of the channel in one go: the woken test resumes
        // after the last of them.
        const woken = waiting;
        waiting = [];
        for (const wake of woken) wake();
      }),
    nextDelivery: () => new Promise((resolve) => waiting.push(resolve)),
  };
}
