print("otk")
