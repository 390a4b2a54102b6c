from enum import StrEnum

class DeviceOrientation(StrEnum):
    FACEDOWN = "faceDown"
    FACEUP = "faceUp"
    LANDSCAPELEFT = "landscapeLeft"
    LANDSCAPERIGHT = "landscapeRight"
    PORTRAIT = "portrait"
    PORTRAITUPSIDEDOWN = "portraitUpsideDown"

    def __str__(self) -> str:
        return str(self.value)
