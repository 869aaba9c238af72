/**
 * How many items of a list to render: the first few at once, all of them from the next
 * frame on. A page of cards then commits in two short tasks instead of one long one (the
 * DOM of twenty cards at once blocked a slow phone's main thread for over 100 ms), and the
 * cards on screen paint first. A longer list arriving later is shown whole at once.
 */
import { startTransition, useEffect, useState } from 'react';

export function useRevealed(total: number, first: number): number {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (all || total <= first) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // After the frame that paints the first cards: a task queued from a frame callback runs once it has painted.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setAll(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [all, total, first]);
  return all ? total : Math.min(total, first);
}
