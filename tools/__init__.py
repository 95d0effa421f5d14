"""Outside capabilities behind small interfaces: models, embedders, KB search, web, images."""
