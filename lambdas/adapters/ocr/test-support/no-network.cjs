/**
 * Preloaded (`--require`) into a process and, through execArgv, into its worker threads: any
 * socket or fetch fails, so a reading that needed the network fails instead of downloading.
 */
const net = require('node:net');
const { isMainThread } = require('node:worker_threads');

const where = isMainThread ? 'main thread' : 'worker thread';
net.Socket.prototype.connect = function connect() {
  throw new Error(`network used (socket) in the ${where}`);
};
globalThis.fetch = () => {
  throw new Error(`network used (fetch) in the ${where}`);
};
