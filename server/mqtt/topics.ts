type TopicKind = 'up' | 'reply' | 'down';

/** The MQTT topics of a gateway (docs/mqtt.md), under a prefix (MQTT_TOPIC_PREFIX, default voltguard). */
export interface MqttTopics {
  /** every device's topics of this kind: `<prefix>/+/<kind>` */
  filter(kind: TopicKind): string;
  of(code: string, kind: TopicKind): string;
  /** the device code and kind of a topic, or null when it is not one of ours */
  parse(topic: string): { code: string; kind: TopicKind } | null;
}

const KINDS = new Set<string>(['up', 'reply', 'down']);

export function mqttTopics(prefix = 'voltguard'): MqttTopics {
  const head = `${prefix}/`;
  return {
    filter: (kind) => `${prefix}/+/${kind}`,
    of: (code, kind) => `${prefix}/${code}/${kind}`,
    parse(topic) {
      if (!topic.startsWith(head)) return null;
      const rest = topic.slice(head.length);
      const slash = rest.indexOf('/');
      if (slash <= 0 || slash > 64) return null;
      const kind = rest.slice(slash + 1);
      return KINDS.has(kind) ? { code: rest.slice(0, slash), kind: kind as TopicKind } : null;
    },
  };
}
