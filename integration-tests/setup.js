// Medusa's test runner boots the app several times in one process: start each file with clean ORM metadata.
const { MetadataStorage } = require("@mikro-orm/core")

MetadataStorage.clear()
