export default {initialize() {}, connectToDevTools() {}};
