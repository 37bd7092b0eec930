import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { Subject, type Observable } from 'rxjs';
import { websocketMachine } from '../../../machines/websocketMachine';
import { notificationMachine } from '../../../machines/notificationMachine';
import type { DeviceSnapshot, MeasureMessage, NoticeMessage } from '../../../domain/telemetry';
import { createRealtimeChannels, type RealtimeChannels } from '../../../streams/realtimeChannels';
import { eventIdOf } from '../../../streams/alarmStreams';
import { api } from '../api/client';
import { toastError } from '../ui/toastStore';
import { t } from '../i18n/i18n';
import { createSocketActor } from './socketActor';
import { tokenStorage } from '../api/tokenStorage';
import { playAlarm, saveSoundPreference, soundPreference, stopAlarm } from './alarmSound';
import { toNotice } from './notices';
import { pageHidden } from './pageHidden';
import { DeviceDialogCtx, type DeviceDialogState } from './DeviceDialogContext';
import { measureBus } from './measureBus';
import { useSessionActor } from '../session/SessionContext';
import type { RevokeReason, WatchRequest } from '../../../domain/socketProtocol';
import { WatchRegistry } from './watchRegistry';
import { currentSettings, subscribeSettings } from '../settings/settingsStore';
import { socketHints } from '../api/socketHints';
import { floodPolicyOf } from '../../../domain/floodGroups';
import type { EscalationDto } from '../../../domain/escalation';
import { EscalationStore } from './escalations';
import { RoleMessageStore } from './roleMessage';
import { StoreNoticeStore } from './storeNotice';

export interface Realtime {
  /** every pushed message, in sequence order; views derive their streams from it */
  messages: Observable<NoticeMessage>;
  /** live values of devices, as committed on the server: only of what some mounted view watches */
  measures: Observable<MeasureMessage>;
  /** a view says what it shows (projects' walls, single devices); call the result when it stops */
  watch: (request: WatchRequest) => () => void;
  /** fires after a resync or a reconnect: views reload their snapshot from REST */
  resyncs: Observable<number>;
  /** the shared, frame-coalesced streams of the bell, popup, wall and tables (docs/streams.md) */
  channels: RealtimeChannels;
  socket: ActorRefFrom<typeof websocketMachine>;
  /** when anything last arrived on the socket (for "the time of the last data") */
  lastDataAt: () => number | null;
  notifications: ActorRefFrom<typeof notificationMachine>;
  /** opens the device dialog (which device is open is in DeviceDialogCtx, apart: it changes often) */
  openDevice: (deviceId: number) => void;
  /** escalated alarms still unconfirmed (issue 19): the banner and its sound */
  escalations: EscalationStore;
  /** the escalation message to this user (the chosen role): a strip under the banner */
  roleMessage: RoleMessageStore;
  /** whether the server's store takes writes: the store banner (issue 34) */
  storeNotice: StoreNoticeStore;
}

const RealtimeCtx = createContext<Realtime | null>(null);

export function useRealtime(): Realtime {
  const r = useContext(RealtimeCtx);
  if (!r) throw new Error('RealtimeProvider missing');
  return r;
}
export const useOptionalRealtime = () => useContext(RealtimeCtx);

/**
 * One socket and one notification list for the logged-in user, alive as long as the session is.
 * Unmounting (logout) closes the socket manually, so it does not come back.
 */
export function RealtimeProvider({ userId, children }: { userId: number; children: ReactNode }) {
  const [openDeviceId, setOpenDeviceId] = useState<number | null>(null);
  const [parts, setParts] = useState<ReturnType<typeof createParts> | null>(null);

  // Actors are created and stopped by the effect, so React's strict-mode remount gets fresh ones.
  const session = useSessionActor();
  const queryClient = useQueryClient();
  useEffect(() => {
    const created = createParts(userId, setOpenDeviceId, queryClient, {
      // The websocket machine's `unauthorized` is the session's end: one message, one redirect.
      endSession: (reason) => session.send({ type: 'UNAUTHORIZED', reason }),
      refreshUser: () => session.send({ type: 'USER.REFRESH' }),
    });
    created.notifications.start();
    created.socket.start();
    setParts(created);
    // Back online or visible again: reconnect at once instead of waiting out the backoff.
    const retry = () => {
      if (document.visibilityState === 'visible') created.socket.send({ type: 'RECONNECT' });
    };
    window.addEventListener('online', retry);
    document.addEventListener('visibilitychange', retry);
    return () => {
      window.removeEventListener('online', retry);
      document.removeEventListener('visibilitychange', retry);
      created.bell.unsubscribe();
      created.stopPolicy();
      created.escalationFeed.unsubscribe();
      created.hintFeed.unsubscribe();
      created.roleMessage.dispose();
      created.socket.send({ type: 'CLOSE' });
      created.socket.stop();
      created.notifications.stop();
      stopAlarm();
    };
  }, [userId, session, queryClient]);

  // Two contexts split by rate of change: this one is made once per login, so the wall's streams
  // never depend on which device is open; the dialog's state has its own.
  const value = useMemo<Realtime | null>(
    () =>
      parts && {
        messages: parts.messages.asObservable(),
        measures: parts.measures.asObservable(),
        watch: (request: WatchRequest) => parts.watches.add(request),
        resyncs: parts.resyncs.asObservable(),
        channels: parts.channels,
        socket: parts.socket,
        lastDataAt: parts.lastDataAt,
        notifications: parts.notifications,
        openDevice: setOpenDeviceId,
        escalations: parts.escalations,
        roleMessage: parts.roleMessage,
        storeNotice: parts.storeNotice,
      },
    [parts],
  );
  const dialog = useMemo<DeviceDialogState>(() => ({ openDeviceId, closeDevice: () => setOpenDeviceId(null) }), [openDeviceId]);
  return (
    <RealtimeCtx.Provider value={value}>
      <DeviceDialogCtx.Provider value={dialog}>{children}</DeviceDialogCtx.Provider>
    </RealtimeCtx.Provider>
  );
}

function createParts(
  userId: number,
  setOpenDeviceId: (id: number) => void,
  queryClient: QueryClient,
  session: { endSession: (reason: RevokeReason) => void; refreshUser: () => void },
) {
  const messages = new Subject<NoticeMessage>();
  // The socket's hints make the cached reads they concern stale (settings, the ledger).
  const hints = socketHints(queryClient);
  let lastData: number | null = null;
  const resyncs = new Subject<number>();
  const watches = new WatchRegistry();
  const storeNotice = new StoreNoticeStore();
  const notifications = createActor(
    notificationMachine.provide({
      actions: {
        playSound: () => playAlarm(),
        stopSound: () => stopAlarm(),
        saveSoundPreference: (_, p) => saveSoundPreference(p.on),
        openDevice: (_, p) => p.notice?.description.deviceId != null && setOpenDeviceId(p.notice.description.deviceId),
      },
    }),
    { input: { soundOn: soundPreference(), floodPolicy: floodPolicyOf(currentSettings()) } },
  );
  // The flood limits of 系统配置 take effect at once, like every setting.
  const stopPolicy = subscribeSettings(() => notifications.send({ type: 'FLOOD.POLICY', policy: floodPolicyOf(currentSettings()) }));
  const socket = createActor(
    websocketMachine.provide({
      actors: {
        socket: createSocketActor({
          token: () => tokenStorage.get(),
          onNotice: (m) => messages.next(m),
          onMeasures: (list) => list.forEach((m) => measureBus.next(m)),
          onData: () => (lastData = Date.now()),
          onSettings: hints.settings,
          onStore: (notice) => storeNotice.set(notice),
          watches,
        }),
        register: fromPromise(async ({ input }) => {
          await api.post(
            '/messageServer/v1/service/web/client',
            { userId: input.userId, tags: [String(input.userId)] },
            { quiet: true, background: true },
          );
        }),
      },
      actions: {
        resync: (_, p) => resyncs.next(p.headSeq),
        reportUnsupported: () => toastError(t('msg.noWebsocket')),
        unauthorized: (_, p) => session.endSession(p.reason),
        // Role or projects changed: the menu follows the new role, the views reload what they may see.
        rescoped: () => {
          session.refreshUser();
          resyncs.next(socket.getSnapshot().context.cursor.lastSeq ?? 0);
        },
      },
    }),
    { input: { userId, supported: typeof WebSocket !== 'undefined' } },
  );
  const escalations = new EscalationStore(() =>
    api.get<EscalationDto[]>('/wisdompower/v1/event/escalations', { quiet: true, background: true }),
  );
  const roleMessage = new RoleMessageStore(escalations);
  const escalationFeed = messages.subscribe((m) => {
    escalations.apply(m);
    // A message for this user (the escalation role): shown at once; the message centre keeps it.
    roleMessage.apply(m);
  });
  const hintFeed = messages.subscribe((m) => hints.message(m.kind));
  hintFeed.add(resyncs.subscribe(hints.resync));
  // Values missed while the socket was down are not replayed: every reconnect asks views to reload.
  let wasOpen = false;
  let openedBefore = false;
  socket.subscribe((snap) => {
    const open = snap.matches({ active: 'open' });
    if (open && !wasOpen) {
      if (openedBefore) resyncs.next(snap.context.cursor.lastSeq ?? 0);
      openedBefore = true;
      void escalations.reload();
    }
    wasOpen = open;
  });
  const channels = createRealtimeChannels({
    messages,
    measures: measureBus,
    resyncs,
    hidden: pageHidden,
    snapshot: (ids) =>
      api.get<DeviceSnapshot[]>(`/wisdompower/v1/realtime/snapshot${ids === null ? '' : `?projectIds=${ids.join(',')}`}`, {
        background: true,
      }),
  });
  // The bell and the popup are the first subscribers of the raised-alarm channel, for the session.
  const bell = channels
    .raisedAlarms()
    .subscribe((batch) => batch.forEach((m) => notifications.send({ type: 'NOTICE.RECEIVED', notice: toNotice(m) })));
  // An alarm confirmed on any console leaves every bell and popup of it (and ends a wall's 事故 repeat).
  bell.add(
    channels.alarms().subscribe((batch) => {
      const eventIds = batch.flatMap((m) => (m.kind === 'alarm.confirmed' ? (eventIdOf(m.payload) ?? []) : []));
      if (eventIds.length) notifications.send({ type: 'NOTICE.CONFIRMED', eventIds });
    }),
  );
  return {
    messages,
    measures: measureBus,
    watches,
    resyncs,
    channels,
    bell,
    stopPolicy,
    escalations,
    escalationFeed,
    hintFeed,
    roleMessage,
    storeNotice,
    notifications,
    socket,
    lastDataAt: () => lastData,
  };
}
