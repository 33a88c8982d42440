import type { ConsumerConfig, ConsumerRunConfig, ConsumerSubscribeTopics, EachMessagePayload, IHeaders, KafkaMessage, ProducerBatch } from 'kafkajs';
import type { KafkaAdmin, KafkaClient, KafkaConsumer, KafkaProducer } from '../kafka-client.js';

export interface StoredRecord {
  topic: string;
  offset: number;
  key: string | null;
  value: string | null;
  headers: Record<string, string>;
}

/**
 * An in-memory stand-in for a Kafka cluster, enough to unit-test the transport's wiring: one
 * partition per topic, committed offsets per consumer group, one active member per group, and a
 * message whose eachMessage throws is delivered again (as kafkajs does).
 */
export class FakeKafkaCluster {
  readonly topics = new Map<string, StoredRecord[]>();
  readonly createdTopics: string[] = [];
  /** Topics asked to be created that existed already (an error answer from a real broker). */
  readonly existingTopicRequests: string[] = [];
  readonly consumerConfigs: ConsumerConfig[] = [];
  readonly subscriptions: Array<{ groupId: string } & ConsumerSubscribeTopics> = [];
  readonly deletedGroups: string[] = [];
  private readonly committed = new Map<string, number>();
  private readonly activeMember = new Map<string, FakeConsumer>();
  failNextSends = 0;
  /** The admin's connect and requests fail, as with every broker down. */
  brokerDown = false;
  /** The admin's requests wait until `answer()`: a broker that accepts connections and says nothing. */
  brokerSilent = false;
  describeClusterCalls = 0;
  adminConnects = 0;
  private readonly silentRequests: Array<() => void> = [];

  client(): KafkaClient {
    return {
      producer: () => new FakeProducer(this),
      consumer: (config) => {
        this.consumerConfigs.push(config);
        return new FakeConsumer(this, config.groupId);
      },
      admin: () => new FakeAdmin(this),
    };
  }

  records(topic: string): StoredRecord[] {
    return this.topics.get(topic) ?? [];
  }

  append(topic: string, key: string | null, value: string | null, headers: Record<string, string>): void {
    const log = this.topics.get(topic) ?? [];
    log.push({ topic, offset: log.length, key, value, headers });
    this.topics.set(topic, log);
  }

  committedOffset(groupId: string, topic: string): number | undefined {
    return this.committed.get(`${groupId}/${topic}`);
  }

  commit(groupId: string, topic: string, next: number): void {
    this.committed.set(`${groupId}/${topic}`, next);
  }

  /** Lets the requests held while `brokerSilent` go on. */
  answer(): void {
    this.brokerSilent = false;
    for (const release of this.silentRequests.splice(0)) release();
  }

  /** What a real broker does to an admin request: refuse it when down, sit on it when silent. */
  async adminRequest(): Promise<void> {
    if (this.brokerSilent) await new Promise<void>((resolve) => this.silentRequests.push(resolve));
    if (this.brokerDown) throw new Error('Connection error: connect ECONNREFUSED 10.0.0.9:9092');
  }

  forgetGroup(groupId: string): void {
    this.deletedGroups.push(groupId);
    for (const key of [...this.committed.keys()]) if (key.startsWith(`${groupId}/`)) this.committed.delete(key);
  }

  /** One member of a group consumes; the others wait (a rebalance in miniature). */
  claimMembership(groupId: string, member: FakeConsumer): boolean {
    const active = this.activeMember.get(groupId);
    if (!active || active === member) {
      this.activeMember.set(groupId, member);
      return true;
    }
    return false;
  }

  releaseMembership(groupId: string, member: FakeConsumer): void {
    if (this.activeMember.get(groupId) === member) this.activeMember.delete(groupId);
  }
}

class FakeProducer implements KafkaProducer {
  private connected = false;
  constructor(private readonly cluster: FakeKafkaCluster) {}

  async connect(): Promise<void> {
    this.connected = true;
  }
  async disconnect(): Promise<void> {
    this.connected = false;
  }
  async sendBatch(batch: ProducerBatch): Promise<never[]> {
    if (!this.connected) throw new Error('producer is not connected');
    if (this.cluster.failNextSends > 0) {
      this.cluster.failNextSends -= 1;
      throw new Error('broker unavailable');
    }
    for (const { topic, messages } of batch.topicMessages ?? []) {
      for (const message of messages) {
        this.cluster.append(topic, asText(message.key), asText(message.value), headerStrings(message.headers));
      }
    }
    return [];
  }
}

export class FakeConsumer implements KafkaConsumer {
  private topics: string[] = [];
  private fromBeginning = false;
  private running = false;
  private loop?: Promise<void>;
  private crashed = false;

  constructor(
    private readonly cluster: FakeKafkaCluster,
    readonly groupId: string,
  ) {}

  async connect(): Promise<void> {}

  async subscribe(subscription: ConsumerSubscribeTopics): Promise<void> {
    this.topics.push(...subscription.topics.map(String));
    this.fromBeginning = subscription.fromBeginning ?? false;
    this.cluster.subscriptions.push({ groupId: this.groupId, ...subscription });
  }

  async run(config?: ConsumerRunConfig): Promise<void> {
    const eachMessage = config?.eachMessage;
    if (!eachMessage) throw new Error('the fake supports eachMessage only');
    this.running = true;
    for (const topic of this.topics) {
      if (this.cluster.committedOffset(this.groupId, topic) === undefined) {
        this.cluster.commit(this.groupId, topic, this.fromBeginning ? 0 : this.cluster.records(topic).length);
      }
    }
    this.loop = this.consume(eachMessage);
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
    this.cluster.releaseMembership(this.groupId, this);
  }

  async disconnect(): Promise<void> {
    await this.stop();
  }

  /** The process died: nothing in flight is committed and the member leaves at once. */
  crash(): void {
    this.crashed = true;
    this.running = false;
    this.cluster.releaseMembership(this.groupId, this);
  }

  private async consume(eachMessage: (payload: EachMessagePayload) => Promise<void>): Promise<void> {
    while (this.running) {
      let delivered = false;
      if (this.cluster.claimMembership(this.groupId, this)) {
        for (const topic of this.topics) {
          const next = this.cluster.committedOffset(this.groupId, topic) ?? 0;
          const record = this.cluster.records(topic)[next];
          if (!record) continue;
          delivered = true;
          try {
            await eachMessage({
              topic,
              partition: 0,
              message: toKafkaMessage(record),
              heartbeat: async () => undefined,
              pause: () => () => undefined,
            });
            if (!this.crashed) this.cluster.commit(this.groupId, topic, next + 1);
          } catch {
            // kafkajs seeks back to the failed offset: the message comes again.
          }
          if (!this.running) break;
        }
      }
      if (!delivered) await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}

class FakeAdmin implements KafkaAdmin {
  constructor(private readonly cluster: FakeKafkaCluster) {}

  async connect(): Promise<void> {
    this.cluster.adminConnects += 1;
    await this.cluster.adminRequest();
  }
  async disconnect(): Promise<void> {}

  async describeCluster(): Promise<{ brokers: Array<{ nodeId: number; host: string; port: number }>; controller: number | null; clusterId: string }> {
    this.cluster.describeClusterCalls += 1;
    await this.cluster.adminRequest();
    return { brokers: [{ nodeId: 1, host: 'kafka-1', port: 9092 }], controller: 1, clusterId: 'fake-cluster' };
  }

  /** Committed offsets of a group, one partition per topic; -1 where the group never committed. */
  async fetchOffsets(options: { groupId: string; topics?: string[] }): Promise<Array<{ topic: string; partitions: Array<{ partition: number; offset: string; metadata: string | null }> }>> {
    await this.cluster.adminRequest();
    return (options.topics ?? []).map((topic) => ({
      topic,
      partitions: [{ partition: 0, offset: String(this.cluster.committedOffset(options.groupId, topic) ?? -1), metadata: null }],
    }));
  }

  async listTopics(): Promise<string[]> {
    return [...this.cluster.topics.keys()];
  }

  async createTopics(options: { topics: Array<{ topic: string }> }): Promise<boolean> {
    let created = false;
    for (const { topic } of options.topics) {
      this.cluster.createdTopics.push(topic);
      if (!this.cluster.topics.has(topic)) {
        this.cluster.topics.set(topic, []);
        created = true;
      } else {
        // A real broker answers TOPIC_ALREADY_EXISTS, which kafkajs logs at error level.
        this.cluster.existingTopicRequests.push(topic);
      }
    }
    return created;
  }

  async fetchTopicOffsets(topic: string): Promise<Array<{ partition: number; offset: string; high: string; low: string }>> {
    await this.cluster.adminRequest();
    const log = this.cluster.topics.get(topic);
    if (!log) throw new Error(`This server does not host this topic-partition: ${topic}`);
    return [{ partition: 0, offset: String(log.length), high: String(log.length), low: '0' }];
  }

  async deleteGroups(groupIds: string[]): Promise<never[]> {
    for (const groupId of groupIds) this.cluster.forgetGroup(groupId);
    return [];
  }
}

function asText(value: Buffer | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.toString('utf8');
}

function headerStrings(headers: IHeaders | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) result[name] = first.toString();
  }
  return result;
}

/** kafkajs hands out Buffers for key, value and headers. */
function toKafkaMessage(record: StoredRecord): KafkaMessage {
  const headers: IHeaders = {};
  for (const [name, value] of Object.entries(record.headers)) headers[name] = Buffer.from(value);
  return {
    key: record.key === null ? null : Buffer.from(record.key),
    value: record.value === null ? null : Buffer.from(record.value),
    timestamp: String(Date.now()),
    attributes: 0,
    offset: String(record.offset),
    headers,
  };
}
