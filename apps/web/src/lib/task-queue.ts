/**
 * Runs async tasks with at most `concurrency` at a time, in the order they were added. The photo manager queues its
 * uploads this way (REQ-AGENT-09), one at a time so photos are stored in the order chosen (REQ-AGENT-09). A failing task
 * does not stop the queue; tasks handle their own errors.
 */
export interface TaskQueue {
  add(task: () => Promise<unknown>): void;
}

export function createTaskQueue(concurrency: number): TaskQueue {
  const waiting: (() => Promise<unknown>)[] = [];
  let running = 0;
  const next = () => {
    while (running < concurrency && waiting.length > 0) {
      const task = waiting.shift()!;
      running += 1;
      void task()
        .catch(() => undefined)
        .finally(() => {
          running -= 1;
          next();
        });
    }
  };
  return {
    add(task) {
      waiting.push(task);
      next();
    },
  };
}
