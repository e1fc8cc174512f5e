export { memoryBus, publishFrame, redisBus, type Bus } from './bus.ts';
export { installGateway, type ChannelGuard, type SocketIdentity } from './gateway.ts';
