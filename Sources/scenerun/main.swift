print("scenerun: not yet")
