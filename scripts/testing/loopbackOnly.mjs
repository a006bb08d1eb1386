// Test-run egress guard (loaded into every Node process of `npm test` through NODE_OPTIONS):
// every TCP connection must go to a loopback address. An IP outside 127.0.0.0/8 and ::1, or a
// name that resolves outside them, is refused before any connection is opened. Unix sockets
// (PostgreSQL's, IPC) are not TCP and pass.
import dns from 'node:dns'
import net from 'node:net'

const isLoopback = (address) => {
  const plain = address.replace(/^\[|\]$/g, '').replace(/^::ffff:/i, '')
  return net.isIPv4(plain) ? plain.startsWith('127.') : plain === '::1' || /^0{0,4}(:0{0,4}){6}:0{0,3}1$/.test(plain)
}
const refusal = (what) => Object.assign(new Error(`test egress guard: ${what} is not a loopback address; tests connect to loopback only`), { code: 'ECONNREFUSED' })

function guardedLookup(lookup) {
  return (hostname, options, callback) => {
    const cb = typeof options === 'function' ? options : callback
    const opts = typeof options === 'function' ? {} : options
    ;(lookup ?? dns.lookup)(hostname, opts, (error, address, family) => {
      if (error) return cb(error, address, family)
      const list = Array.isArray(address) ? address.map((entry) => entry.address) : [address]
      const outside = list.find((entry) => !isLoopback(entry))
      if (outside !== undefined) return cb(refusal(`${hostname} (${outside})`))
      cb(null, address, family)
    })
  }
}

const originalConnect = net.Socket.prototype.connect
net.Socket.prototype.connect = function connect(...args) {
  let [options, ...rest] = args
  if (Array.isArray(options)) [options, ...rest] = options
  if (typeof options === 'number' || (typeof options === 'string' && /^\d+$/.test(options))) {
    const host = typeof rest[0] === 'string' ? rest.shift() : 'localhost'
    options = { port: Number(options), host }
  }
  if (options !== null && typeof options === 'object' && options.path === undefined) {
    const host = options.host ?? 'localhost'
    if (net.isIP(host.replace(/^\[|\]$/g, ''))) {
      if (!isLoopback(host)) throw refusal(host)
    } else options = { ...options, lookup: guardedLookup(options.lookup) }
  }
  return originalConnect.call(this, options, ...rest)
}

/** Lets a test see the guard is in place before it tries anything that would otherwise leave loopback. */
globalThis[Symbol.for('verity.loopbackOnly')] = true
