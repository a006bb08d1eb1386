// Entry point of the `verity` command line.
const [command] = process.argv.slice(2)
if (command === 'up') {
  console.log('nothing to start yet')
} else {
  console.error(`verity: unknown command ${command ?? '(none)'}`)
  process.exit(2)
}
