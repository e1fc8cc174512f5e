export { memoryBus, publishFrame, redisBus, type Bus } from './bus.ts';
export { installGateway, type SocketIdentity } from './gateway.ts';
