import net from 'node:net';
const counts = { write: 0, writev: 0, bytes: 0, sizes: new Map() };
const orig = net.Socket.prototype._writeGeneric;
const ow = net.Socket.prototype._write, owv = net.Socket.prototype._writev;
net.Socket.prototype._write = function (data, enc, cb) { if (this.remotePort === 5432) { counts.write++; const n = data.length; counts.bytes += n; const b = Math.round(n/100)*100; counts.sizes.set(b, (counts.sizes.get(b)||0)+1); } return ow.call(this, data, enc, cb); };
net.Socket.prototype._writev = function (chunks, cb) { if (this.remotePort === 5432) counts.writev++; return owv.call(this, chunks, cb); };
process.on('exit', () => console.error('PGWRITES', JSON.stringify({ ...counts, sizes: [...counts.sizes].sort((a,b)=>a[0]-b[0]) })));
