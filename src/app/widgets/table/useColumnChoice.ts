import { useLayoutEffect, useState, type RefObject } from 'react';
import { useSession } from '../../session/SessionContext';
import { rootScale } from '../../ui/rem';
import { columnsThatFit, savedChoice, saveChoice, type OptionalColumn } from './columnChoice';

/**
 * The optional columns a table shows: the user's remembered choice, or else those of `optional` that fit
 * the table's width (in design px: widths are given at the 16 px root) after its fixed columns, by
 * priority, and the ones `scrolling` into view sideways.
 */
export function useColumnChoice(
  table: string,
  optional: readonly OptionalColumn[],
  fixedWidth: number,
  box: RefObject<HTMLElement | null>,
  scrolling: readonly string[] = [],
) {
  const userId = useSession().user?.id ?? null;
  const [chosen, setChosen] = useState<string[] | null>(() => savedChoice(table, userId));
  const [fitting, setFitting] = useState<string[]>(() => optional.map((c) => c.id));
  useLayoutEffect(() => setChosen(savedChoice(table, userId)), [table, userId]);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setFitting(columnsThatFit(optional, el.clientWidth / rootScale() - fixedWidth));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [box, optional, fixedWidth]);
  const shown = new Set(chosen ?? [...fitting, ...scrolling]);
  return {
    shown,
    /** whether the user chose, or the width did */
    chosen: chosen !== null,
    choose: (ids: string[] | null) => {
      saveChoice(table, userId, ids);
      setChosen(ids);
    },
  };
}
